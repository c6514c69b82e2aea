; Common Lisp: defun/defmacro headers, and forms headed by a defining operator;
; every other list head is a call.

(defun_header
  keyword: (defun_keyword) @_keyword
  function_name: (sym_lit) @name
  (#match? @_keyword "(?i)^defun$")) @definition.function

(defun_header
  keyword: (defun_keyword) @_keyword
  function_name: (sym_lit) @name
  (#match? @_keyword "(?i)^defmacro$")) @definition.macro

(defun_header
  keyword: (defun_keyword) @_keyword
  function_name: (sym_lit) @name
  (#match? @_keyword "(?i)^(defmethod|defgeneric)$")) @definition.method

(list_lit
  .
  (sym_lit) @_keyword
  .
  (sym_lit) @name
  (#match? @_keyword "(?i)^(defclass|defstruct|define-condition)$")) @definition.class

(list_lit
  .
  (sym_lit) @_keyword
  .
  (sym_lit) @name
  (#match? @_keyword "(?i)^(defgeneric)$")) @definition.method

(list_lit
  .
  (sym_lit) @_keyword
  .
  (sym_lit) @name
  (#match? @_keyword "(?i)^(defvar|defparameter|defconstant)$")) @definition.variable

(list_lit
  .
  (sym_lit) @_keyword
  .
  [(kwd_lit) (sym_lit)] @name
  (#match? @_keyword "(?i)^defpackage$")) @definition.module

(list_lit
  .
  (sym_lit) @name) @reference.call
