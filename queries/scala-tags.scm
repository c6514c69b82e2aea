; Scala: packages, traits, classes, objects, enums and their cases, functions,
; vals and vars, type aliases; calls, instantiations, parents and type names as
; references.

(package_clause
  name: (package_identifier) @name) @definition.module

(trait_definition
  name: (identifier) @name) @definition.trait

(class_definition
  name: (identifier) @name) @definition.class

(object_definition
  name: (identifier) @name) @definition.class

(enum_definition
  name: (identifier) @name) @definition.enum

(simple_enum_case
  name: (identifier) @name) @definition.constant

(full_enum_case
  name: (identifier) @name) @definition.constant

(function_definition
  name: (identifier) @name) @definition.function

(function_declaration
  name: (identifier) @name) @definition.function

(val_definition
  pattern: (identifier) @name) @definition.variable

(var_definition
  pattern: (identifier) @name) @definition.variable

(type_definition
  name: (type_identifier) @name) @definition.type

(call_expression
  function: (identifier) @name) @reference.call

(call_expression
  function: (field_expression
    field: (identifier) @name)) @reference.call

(field_expression
  field: (identifier) @name) @reference.field

(instance_expression
  (type_identifier) @name) @reference.class

(extends_clause
  (type_identifier) @name) @reference.class

(type_identifier) @name @reference.type
