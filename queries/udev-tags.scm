; udev rules. A `LABEL="x"` names a place that `GOTO="x"` jumps to; an
; `ENV{NAME}=` assignment sets a device property that later rules test with
; `ENV{NAME}==` or read back as `$env{NAME}` / `%E{NAME}`.

(assignment
  key: "LABEL"
  (value (content) @name)) @definition.label

(assignment
  key: "GOTO"
  (value (content) @name)) @reference.label

(assignment
  key: "ENV"
  (env_var) @name) @definition.variable

(match
  key: "ENV"
  (env_var) @name) @reference.variable

[(var_sub (env_var) @name)
 (fmt_sub (env_var) @name)] @reference.variable
