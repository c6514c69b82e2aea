; Emacs Lisp: defun, defmacro and the variable-defining forms; every other list
; head is a call.

(function_definition
  name: (symbol) @name) @definition.function

(macro_definition
  name: (symbol) @name) @definition.macro

(special_form
  .
  _ @_keyword
  .
  (symbol) @name
  (#any-of? @_keyword "defvar" "defconst")) @definition.variable

(list
  .
  (symbol) @_keyword
  .
  (symbol) @name
  (#any-of? @_keyword "defcustom" "defvar-local" "defface" "defgroup" "define-minor-mode" "define-derived-mode" "cl-defstruct")) @definition.variable

(list
  .
  (symbol) @_keyword
  .
  (symbol) @name
  (#any-of? @_keyword "cl-defun" "cl-defmethod" "cl-defgeneric" "defsubst" "define-inline")) @definition.function

(list
  .
  (symbol) @name) @reference.call

(special_form
  (symbol) @name) @reference.variable
