; Julia: modules, structs, abstract and primitive types, functions (long and
; short form), macros and constants; calls, macro calls and type names as
; references.

(module_definition
  name: (identifier) @name) @definition.module

(struct_definition
  (type_head
    [
      (identifier) @name
      (binary_expression
        .
        (identifier) @name)
      (parametrized_type_expression
        .
        (identifier) @name)
    ])) @definition.struct

(abstract_definition
  (type_head
    [
      (identifier) @name
      (binary_expression
        .
        (identifier) @name)
    ])) @definition.type

(function_definition
  (signature
    (call_expression
      .
      [
        (identifier) @name
        (field_expression
          (identifier) @name .)
      ]))) @definition.function

(function_definition
  (signature
    (typed_expression
      .
      (call_expression
        .
        (identifier) @name)))) @definition.function

(assignment
  .
  (call_expression
    .
    (identifier) @name)) @definition.function

(macro_definition
  (signature
    (call_expression
      .
      (identifier) @name))) @definition.macro

(const_statement
  (assignment
    .
    (identifier) @name)) @definition.constant

(call_expression
  .
  [
    (identifier) @name
    (field_expression
      (identifier) @name .)
  ]) @reference.call

(macrocall_expression
  (macro_identifier
    (identifier) @name)) @reference.call

(typed_expression
  (identifier) @name .) @reference.type

(binary_expression
  (identifier)
  (operator) @_subtype
  (identifier) @name
  (#eq? @_subtype "<:")) @reference.type
