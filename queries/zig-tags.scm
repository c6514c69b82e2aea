; Zig: functions, and constants or variables naming a container (struct, enum,
; union, opaque, error set) or any other value; tests; calls, field accesses and
; type names as references.

(function_declaration
  name: (identifier) @name) @definition.function

(variable_declaration
  (identifier) @name
  [
    (struct_declaration)
    (union_declaration)
    (opaque_declaration)
  ]) @definition.struct

(variable_declaration
  (identifier) @name
  (enum_declaration)) @definition.enum

(variable_declaration
  (identifier) @name
  (error_set_declaration)) @definition.type

(source_file
  (variable_declaration
    (identifier) @name) @definition.constant)

(container_field
  name: (identifier) @name) @definition.field

(call_expression
  function: (identifier) @name) @reference.call

(call_expression
  function: (field_expression
    member: (identifier) @name)) @reference.call

(field_expression
  object: (identifier) @name) @reference.module

(parameter
  type: (identifier) @name) @reference.type

(identifier) @name @reference.variable
