; Clojure: forms whose head is a defining symbol name what follows them; every
; other list head is a call.

(list_lit
  .
  (sym_lit name: (sym_name) @_keyword)
  .
  (sym_lit name: (sym_name) @name)
  (#any-of? @_keyword "defn" "defn-" "defmulti" "defmethod")) @definition.function

(list_lit
  .
  (sym_lit name: (sym_name) @_keyword)
  .
  (sym_lit name: (sym_name) @name)
  (#eq? @_keyword "defmacro")) @definition.macro

(list_lit
  .
  (sym_lit name: (sym_name) @_keyword)
  .
  (sym_lit name: (sym_name) @name)
  (#any-of? @_keyword "def" "defonce")) @definition.variable

(list_lit
  .
  (sym_lit name: (sym_name) @_keyword)
  .
  (sym_lit name: (sym_name) @name)
  (#any-of? @_keyword "defrecord" "deftype" "defprotocol" "definterface" "defstruct")) @definition.class

(list_lit
  .
  (sym_lit name: (sym_name) @_keyword)
  .
  (sym_lit) @name
  (#eq? @_keyword "ns")) @definition.module

(list_lit
  .
  (sym_lit name: (sym_name) @name)) @reference.call

(vec_lit
  (sym_lit name: (sym_name) @name)) @reference.variable
