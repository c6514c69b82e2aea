; Java tags for aider-tui's repo map.

(class_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum
(record_declaration name: (identifier) @name) @definition.class
(annotation_type_declaration name: (identifier) @name) @definition.interface
(method_declaration name: (identifier) @name) @definition.method
(constructor_declaration name: (identifier) @name) @definition.method
(class_body
  (field_declaration
    declarator: (variable_declarator name: (identifier) @name)) @definition.field)
(enum_constant name: (identifier) @name) @definition.constant

; references

(method_invocation name: (identifier) @name) @reference.call
(method_invocation object: (identifier) @name) @reference.variable
(object_creation_expression type: (type_identifier) @name) @reference.class
(type_identifier) @name.reference.type
(import_declaration (scoped_identifier name: (identifier) @name)) @reference.import
(field_access field: (identifier) @name) @reference.field
(marker_annotation name: (identifier) @name) @reference.type
(annotation name: (identifier) @name) @reference.type
