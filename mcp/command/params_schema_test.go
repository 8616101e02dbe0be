package command

import "testing"

// Every built-in params schema parses: one that did not would leave its
// method's words strings without a word said.
func TestParamsSchemasParse(t *testing.T) {
	for method, raw := range paramSchemas {
		if _, err := ParseSchema([]byte(raw)); err != nil {
			t.Errorf("%s: %v", method, err)
		}
		if ParamsSchema(method) == nil {
			t.Errorf("ParamsSchema(%q) = nil", method)
		}
	}
	if s := ParamsSchema("x/unknown"); s != nil {
		t.Errorf("ParamsSchema of an unknown method = %+v, want nil", s)
	}
}
