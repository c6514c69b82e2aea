; C# tags for aider-tui's repo map.

(class_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.interface
(struct_declaration name: (identifier) @name) @definition.struct
(enum_declaration name: (identifier) @name) @definition.enum
(record_declaration name: (identifier) @name) @definition.class
(delegate_declaration name: (identifier) @name) @definition.type
(method_declaration name: (identifier) @name) @definition.method
(constructor_declaration name: (identifier) @name) @definition.method
(property_declaration name: (identifier) @name) @definition.field
(namespace_declaration name: (identifier) @name) @definition.module
(namespace_declaration name: (qualified_name name: (identifier) @name)) @definition.module
(file_scoped_namespace_declaration name: (identifier) @name) @definition.module

; references

(invocation_expression function: (identifier) @name) @reference.call
(invocation_expression
  function: (member_access_expression name: (identifier) @name)) @reference.call
(member_access_expression expression: (identifier) @name) @reference.variable
(object_creation_expression type: (identifier) @name) @reference.class
(object_creation_expression type: (generic_name (identifier) @name)) @reference.class
(base_list (identifier) @name) @reference.class
(base_list (generic_name (identifier) @name)) @reference.class
(variable_declaration type: (identifier) @name) @reference.type
(parameter type: (identifier) @name) @reference.type
(property_declaration type: (identifier) @name) @reference.type
(method_declaration returns: (identifier) @name) @reference.type
(generic_name (identifier) @name) @reference.type
(type_argument_list (identifier) @name) @reference.type
(attribute name: (identifier) @name) @reference.type
