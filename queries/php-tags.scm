; PHP tags for aider-tui's repo map.

(class_declaration name: (name) @name) @definition.class
(interface_declaration name: (name) @name) @definition.interface
(trait_declaration name: (name) @name) @definition.trait
(enum_declaration name: (name) @name) @definition.enum
(function_definition name: (name) @name) @definition.function
(method_declaration name: (name) @name) @definition.method
(namespace_definition name: (namespace_name) @name) @definition.module
(const_declaration (const_element (name) @name)) @definition.constant

; references

(function_call_expression function: (name) @name) @reference.call
(function_call_expression function: (qualified_name (name) @name)) @reference.call
(member_call_expression name: (name) @name) @reference.call
(nullsafe_member_call_expression name: (name) @name) @reference.call
(scoped_call_expression name: (name) @name) @reference.call
(scoped_call_expression scope: (name) @name) @reference.class
(scoped_call_expression scope: (qualified_name (name) @name)) @reference.class
(class_constant_access_expression (name) @name) @reference.class
(object_creation_expression (name) @name) @reference.class
(object_creation_expression (qualified_name (name) @name)) @reference.class
(named_type (name) @name) @reference.type
(named_type (qualified_name (name) @name)) @reference.type
(base_clause (name) @name) @reference.class
(base_clause (qualified_name (name) @name)) @reference.class
(class_interface_clause (name) @name) @reference.interface
(class_interface_clause (qualified_name (name) @name)) @reference.interface
(namespace_use_clause (qualified_name (name) @name)) @reference.import
(namespace_use_clause (name) @name) @reference.import
