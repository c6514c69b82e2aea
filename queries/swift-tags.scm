; Swift: classes, structs, enums, extensions and actors (all class_declaration),
; protocols, functions, initializers, properties and type aliases; calls,
; navigated names and user types as references.

(class_declaration
  name: (type_identifier) @name) @definition.class

(class_declaration
  name: (user_type
    (type_identifier) @name)) @definition.class

(protocol_declaration
  name: (type_identifier) @name) @definition.interface

(source_file
  (function_declaration
    name: (simple_identifier) @name) @definition.function)

(class_body
  (function_declaration
    name: (simple_identifier) @name) @definition.method)

(protocol_body
  (protocol_function_declaration
    name: (simple_identifier) @name) @definition.method)

(class_body
  (property_declaration
    name: (pattern
      bound_identifier: (simple_identifier) @name)) @definition.field)

(source_file
  (property_declaration
    name: (pattern
      bound_identifier: (simple_identifier) @name)) @definition.constant)

(typealias_declaration
  name: (type_identifier) @name) @definition.type

(enum_entry
  name: (simple_identifier) @name) @definition.constant

(call_expression
  (simple_identifier) @name) @reference.call

(call_expression
  (navigation_expression
    suffix: (navigation_suffix
      suffix: (simple_identifier) @name))) @reference.call

(navigation_suffix
  suffix: (simple_identifier) @name) @reference.field

(user_type
  (type_identifier) @name) @reference.type
