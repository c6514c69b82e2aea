; Solidity: contracts, interfaces, libraries, structs, enums, events, errors,
; modifiers, functions (methods inside a contract) and state variables; calls,
; emitted events, parents and type names as references.

(contract_declaration
  name: (identifier) @name) @definition.class

(interface_declaration
  name: (identifier) @name) @definition.interface

(library_declaration
  name: (identifier) @name) @definition.module

(struct_declaration
  name: (identifier) @name) @definition.struct

(enum_declaration
  name: (identifier) @name) @definition.enum

(event_definition
  name: (identifier) @name) @definition.type

(error_declaration
  name: (identifier) @name) @definition.type

(modifier_definition
  name: (identifier) @name) @definition.function

(contract_body
  (function_definition
    name: (identifier) @name) @definition.method)

(source_file
  (function_definition
    name: (identifier) @name) @definition.function)

(state_variable_declaration
  name: (identifier) @name) @definition.field

(call_expression
  function: (expression
    (identifier) @name)) @reference.call

(call_expression
  function: (expression
    (member_expression
      property: (identifier) @name))) @reference.call

(member_expression
  object: (identifier) @name) @reference.module

(emit_statement
  name: (expression
    (identifier) @name)) @reference.type

(inheritance_specifier
  ancestor: (user_defined_type
    (identifier) @name)) @reference.class

(type_name
  (user_defined_type
    (identifier) @name)) @reference.type
