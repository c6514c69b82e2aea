; Kotlin: classes, interfaces, objects, functions, properties, type aliases and
; enum entries; calls, navigated names and user types as references.

(class_declaration
  name: (identifier) @name) @definition.class

(object_declaration
  name: (identifier) @name) @definition.class

(function_declaration
  name: (identifier) @name) @definition.function

(class_body
  (function_declaration
    name: (identifier) @name) @definition.method)

(source_file
  (property_declaration
    (variable_declaration
      (identifier) @name)) @definition.constant)

(class_body
  (property_declaration
    (variable_declaration
      (identifier) @name)) @definition.field)

(type_alias
  type: (identifier) @name) @definition.type

(enum_entry
  (identifier) @name) @definition.constant

(call_expression
  (identifier) @name) @reference.call

(call_expression
  (navigation_expression
    (identifier) @name .)) @reference.call

(navigation_expression
  (identifier) @name .) @reference.field

(user_type
  (identifier) @name) @reference.type

(delegation_specifier
  (constructor_invocation
    (user_type
      (identifier) @name))) @reference.type
