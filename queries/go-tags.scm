; Go tags for aider-tui's repo map.

(function_declaration name: (identifier) @name) @definition.function
(method_declaration name: (field_identifier) @name) @definition.method
(type_declaration (type_spec name: (type_identifier) @name type: (struct_type)) @definition.struct)
(type_declaration (type_spec name: (type_identifier) @name type: (interface_type)) @definition.interface)
(type_declaration
  (type_spec
    name: (type_identifier) @name
    type: [(type_identifier) (qualified_type) (pointer_type) (slice_type) (map_type)
           (function_type) (channel_type) (array_type) (generic_type)]) @definition.type)
(type_declaration (type_alias name: (type_identifier) @name) @definition.type)
(method_elem name: (field_identifier) @name) @definition.method
(source_file (const_declaration (const_spec name: (identifier) @name) @definition.constant))
(source_file (var_declaration (var_spec name: (identifier) @name) @definition.variable))

; references

(call_expression function: (identifier) @name) @reference.call
(call_expression
  function: (selector_expression field: (field_identifier) @name)) @reference.call
(type_identifier) @name.reference.type
(selector_expression field: (field_identifier) @name) @reference.field
(composite_literal type: (type_identifier) @name) @reference.class
(argument_list (identifier) @name) @reference.variable
