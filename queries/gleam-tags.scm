; Gleam: functions, constants, custom types and their constructors, aliases;
; calls, piped functions, qualified uses, types and constructors as references.

(function
  name: (identifier) @name) @definition.function

(external_function
  name: (identifier) @name) @definition.function

(constant
  name: (identifier) @name) @definition.constant

(type_definition
  (type_name
    name: (type_identifier) @name)) @definition.type

(type_alias
  (type_name
    name: (type_identifier) @name)) @definition.type

(data_constructor
  name: (constructor_name) @name) @definition.constant

(function_call
  function: (identifier) @name) @reference.call

(function_call
  function: (field_access
    field: (label) @name)) @reference.call

(binary_expression
  operator: "|>"
  right: (identifier) @name) @reference.call

(argument
  value: (identifier) @name) @reference.call

(unqualified_import
  (identifier) @name) @reference.call

(type_identifier) @name @reference.type

(constructor_name) @name @reference.call
