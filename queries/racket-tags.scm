; Racket: `define` of a value or a function, `struct`, and syntax definitions;
; every other list head is a call.

(list
  .
  (symbol) @_keyword
  .
  (list
    .
    (symbol) @name)
  (#match? @_keyword "^(define|define/contract|define/public|define/private)$")) @definition.function

(list
  .
  (symbol) @_keyword
  .
  (symbol) @name
  (#match? @_keyword "^(define|define/contract)$")) @definition.variable

(list
  .
  (symbol) @_keyword
  .
  (symbol) @name
  (#match? @_keyword "^(struct|define-struct)$")) @definition.struct

(list
  .
  (symbol) @_keyword
  .
  [
    (symbol) @name
    (list
      .
      (symbol) @name)
  ]
  (#match? @_keyword "^(define-syntax|define-syntax-rule|define-simple-macro)$")) @definition.macro

(list
  .
  (symbol) @name) @reference.call
