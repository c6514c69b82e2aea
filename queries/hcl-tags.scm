; HCL (Terraform): a block's labels define it (resource "type" "name" defines
; both words; variable "x" defines x); variables, locals and attribute paths
; used in expressions are references.

(block
  (identifier) @_kind
  .
  (string_lit
    (template_literal) @name)
  (#any-of? @_kind "variable" "output" "module" "provider")) @definition.variable

(block
  (identifier) @_kind
  .
  (string_lit)
  .
  (string_lit
    (template_literal) @name)
  (#any-of? @_kind "resource" "data")) @definition.variable

(block
  (identifier) @_kind
  .
  (string_lit
    (template_literal) @name)
  (#any-of? @_kind "resource" "data")) @definition.type

(block
  (identifier) @_kind
  (body
    (attribute
      (identifier) @name))
  (#eq? @_kind "locals")) @definition.variable

(variable_expr
  (identifier) @name) @reference.type

(get_attr
  (identifier) @name) @reference.variable

(function_call
  (identifier) @name) @reference.call
