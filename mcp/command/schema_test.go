package command

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

func schemaTestNames(s *Schema) []string {
	var names []string
	for _, p := range s.Properties {
		names = append(names, p.Name)
	}
	return names
}

func TestParseSchemaEmpty(t *testing.T) {
	for _, raw := range []string{"", "  ", "null"} {
		s, err := ParseSchema(json.RawMessage(raw))
		if err != nil {
			t.Fatalf("ParseSchema(%q): %v", raw, err)
		}
		if !slices.Equal(s.Type, []string{"object"}) || len(s.Properties) != 0 {
			t.Errorf("ParseSchema(%q) = %+v, want an empty object schema", raw, s)
		}
	}
	s, err := ParseSchema(nil)
	if err != nil || s == nil {
		t.Fatalf("ParseSchema(nil) = %v, %v; want an empty object schema", s, err)
	}
}

func TestParseSchemaErrors(t *testing.T) {
	tests := []struct{ raw, want string }{
		{`{"type":`, `schema is not valid JSON: the JSON ends before it is complete: a closing "}", "]" or double quote is missing`},
		{`{"a":1} x`, `schema is not valid JSON: more text follows the end of the JSON value at byte 8: {"a":1} ▶x`},
		{`"string"`, "schema must be a JSON object, got a string"},
		{`[1]`, "schema must be a JSON object, got an array"},
		{`5`, "schema must be a JSON object, got an integer"},
	}
	for _, tt := range tests {
		_, err := ParseSchema(json.RawMessage(tt.raw))
		if err == nil || err.Error() != tt.want {
			t.Errorf("ParseSchema(%s) error = %v, want %q", tt.raw, err, tt.want)
		}
	}
}

func TestParseSchemaFields(t *testing.T) {
	s := argTestSchema(t, `{
		"type": "object",
		"description": "Echo text",
		"properties": {
			"zeta": {"type": "string", "minLength": 1, "maxLength": 20, "default": "hi"},
			"alpha": {"type": ["integer", "null"], "minimum": 1, "maximum": 10},
			"mid": {"type": "array", "items": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1}},
			"old": {"type": "number", "minimum": 0, "exclusiveMinimum": true, "maximum": 5, "exclusiveMaximum": true},
			"mode": {"const": "fast"},
			"pick": {"enum": ["a", 1, null], "const": "ignored"},
			"u": {"anyOf": [{"type": "integer"}, {"type": "string"}], "oneOf": [{"type": "boolean"}]}
		},
		"required": ["alpha", "missing"],
		"additionalProperties": false
	}`)
	if got, want := schemaTestNames(s), []string{"zeta", "alpha", "mid", "old", "mode", "pick", "u"}; !slices.Equal(got, want) {
		t.Errorf("property order = %q, want %q", got, want)
	}
	if s.Description != "Echo text" || !s.AdditionalPropertiesFalse || !slices.Equal(s.Required, []string{"alpha", "missing"}) {
		t.Errorf("top level = %+v, want description, additionalProperties false and required", s)
	}
	for _, p := range s.Properties {
		if want := p.Name == "alpha"; p.Required != want {
			t.Errorf("%s.Required = %v, want %v", p.Name, p.Required, want)
		}
	}
	zeta := s.Property("zeta").Schema
	if *zeta.MinLength != 1 || *zeta.MaxLength != 20 || string(zeta.Default) != `"hi"` {
		t.Errorf("zeta = %+v, want lengths 1..20 and default \"hi\"", zeta)
	}
	alpha := s.Property("alpha").Schema
	if !slices.Equal(alpha.Type, []string{"integer", "null"}) || *alpha.Minimum != 1 || *alpha.Maximum != 10 {
		t.Errorf("alpha = %+v, want integer|null 1..10", alpha)
	}
	mid := s.Property("mid").Schema.Items
	if mid == nil || *mid.ExclusiveMinimum != 0 || *mid.ExclusiveMaximum != 1 {
		t.Errorf("mid.items = %+v, want exclusive bounds 0 and 1", mid)
	}
	old := s.Property("old").Schema
	if old.Minimum != nil || old.Maximum != nil || *old.ExclusiveMinimum != 0 || *old.ExclusiveMaximum != 5 {
		t.Errorf("old = %+v, want the draft-4 booleans turned into exclusive bounds", old)
	}
	if got := s.Property("mode").Schema.Enum; len(got) != 1 || string(got[0]) != `"fast"` {
		t.Errorf("mode.Enum = %s, want the const", got)
	}
	if got := s.Property("pick").Schema.Enum; len(got) != 3 {
		t.Errorf("pick.Enum = %s, want the enum to win over const", got)
	}
	if u := s.Property("u").Schema; len(u.AnyOf) != 2 || len(u.OneOf) != 1 {
		t.Errorf("u = %+v, want 2 anyOf and 1 oneOf branches", u)
	}
	if s.Property("nope") != nil {
		t.Errorf("Property(nope) = %+v, want nil", s.Property("nope"))
	}
	var nilSchema *Schema
	if nilSchema.Property("x") != nil || nilSchema.TypeString() != "any" {
		t.Errorf("a nil *Schema must have no properties and type any")
	}
}

func TestParseSchemaTolerance(t *testing.T) {
	// A sloppy server schema must still parse: fields of the wrong shape are ignored.
	s := argTestSchema(t, `{"properties":{"a":"string","b":true,"c":{"type":5,"minimum":"1","minLength":-1,"required":true,"items":[{}],"enum":"x"}, "a":{"type":"integer"}},"required":"a"}`)
	if got, want := schemaTestNames(s), []string{"a", "b", "c"}; !slices.Equal(got, want) {
		t.Errorf("property names = %q, want %q (a duplicate replaces the first)", got, want)
	}
	if got := s.Property("a").Schema.Type; !slices.Equal(got, []string{"integer"}) {
		t.Errorf("duplicate a type = %q, want the later one", got)
	}
	c := s.Property("c").Schema
	if c.Type != nil || c.Minimum != nil || c.MinLength != nil || c.Items != nil || c.Enum != nil {
		t.Errorf("c = %+v, want every malformed field left empty", c)
	}
	if s.Required != nil {
		t.Errorf("Required = %q, want nil for a non-array", s.Required)
	}
	for _, raw := range []string{`true`, `false`, `{}`} {
		if s := argTestSchema(t, raw); s.TypeString() != "any" {
			t.Errorf("ParseSchema(%s).TypeString() = %q, want any", raw, s.TypeString())
		}
	}
}

func TestParseSchemaRefs(t *testing.T) {
	s := argTestSchema(t, `{
		"$defs": {"Color": {"type": "string", "enum": ["red", "green"]}, "a/b": {"type": "integer"}},
		"definitions": {"Size": {"type": "integer", "minimum": 1}},
		"properties": {
			"color": {"$ref": "#/$defs/Color", "description": "pick one"},
			"size": {"description": "how big", "$ref": "#/definitions/Size", "maximum": 9},
			"again": {"$ref": "#/$defs/Color"},
			"escaped": {"$ref": "#/$defs/a~1b"},
			"remote": {"$ref": "https://example.com/schema.json", "type": "string"}
		}
	}`)
	tests := []struct{ prop, want, desc string }{
		{"color", "enum: red|green", "pick one"},
		{"size", "integer (1..9)", "how big"},
		{"again", "enum: red|green", ""},
		{"escaped", "integer", ""},
		{"remote", "string", ""},
	}
	for _, tt := range tests {
		p := s.Property(tt.prop).Schema
		if got := p.TypeString(); got != tt.want || p.Description != tt.desc {
			t.Errorf("%s = %q %q, want %q %q", tt.prop, got, p.Description, tt.want, tt.desc)
		}
	}
	if s.Property("color").Schema.Description == s.Property("again").Schema.Description {
		t.Errorf("siblings of one $ref leaked into another use of the same definition")
	}
	// A recursive type reads as "anything" below the point where it repeats.
	tree := argTestSchema(t, `{"$ref":"#/$defs/Node","$defs":{"Node":{"type":"object","required":["name"],"properties":{
		"name":{"type":"string"},"kids":{"type":"array","items":{"$ref":"#/$defs/Node"}}}}}}`)
	if got, want := tree.Property("kids").Schema.TypeString(), "array of any"; got != want {
		t.Errorf("recursive kids = %q, want %q", got, want)
	}
	if !tree.Property("name").Required {
		t.Errorf("name is required through the $ref, got not required")
	}
}

func TestSchemaTypeString(t *testing.T) {
	tests := []struct{ raw, want string }{
		{`{"type":"integer","minimum":1,"maximum":10}`, "integer (1..10)"},
		{`{"type":"integer","minimum":1}`, "integer (>= 1)"},
		{`{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991}`, "integer"},
		{`{"type":"integer","minimum":0,"maximum":9007199254740991}`, "integer (>= 0)"},
		{`{"type":"integer","minimum":0,"maximum":2147483647}`, "integer (0..2147483647)"},
		{`{"type":"number","minimum":0.5,"maximum":1e300}`, "number (0.5..1e+300)"},
		{`{"type":"number","exclusiveMinimum":0,"maximum":1.5}`, "number (> 0, <= 1.5)"},
		{`{"type":"number","exclusiveMaximum":100}`, "number (< 100)"},
		{`{"enum":["a","b","c"]}`, "enum: a|b|c"},
		{`{"type":"string","enum":["a b","",1,null,{"x":1}]}`, `enum: "a b"|""|1|null|{"x":1}`},
		{`{"type":"array","items":{"type":"string"}}`, "array of string"},
		{`{"type":"array","items":{"type":"integer","maximum":3}}`, "array of integer (<= 3)"},
		{`{"type":"array"}`, "array"},
		{`{"type":["string","null"]}`, "string|null"},
		{`{"type":"string","minLength":1,"maxLength":20}`, "string (length 1..20)"},
		{`{"type":"string","minLength":1}`, "string (length >= 1)"},
		{`{"type":"string","maxLength":3}`, "string (length <= 3)"},
		{`{"anyOf":[{"type":"integer"},{"type":"string"}]}`, "integer | string"},
		{`{"properties":{"a":{}}}`, "object"},
		{`{"description":"no type"}`, "any"},
	}
	for _, tt := range tests {
		if got := argTestSchema(t, tt.raw).TypeString(); got != tt.want {
			t.Errorf("ParseSchema(%s).TypeString() = %q, want %q", tt.raw, got, tt.want)
		}
	}
}

func TestSchemaCheckUnionPicksTheBranchOfTheValuesType(t *testing.T) {
	s := argTestSchema(t, `{"anyOf":[{"type":"string","maxLength":2},{"type":"integer","maximum":5}]}`)
	tests := []struct {
		raw  string
		want []string
	}{
		{`"ab"`, nil},
		{`4`, nil},
		{`"abc"`, []string{`v: "abc" is 3 characters, more than maxLength 2`}},
		{`9`, []string{"v: 9 is above the maximum 5"}},
		{`true`, []string{"v: true matches none of: string (length <= 2) | integer (<= 5)"}},
	}
	for _, tt := range tests {
		var got []string
		for _, w := range schemaCheck("v", schemaNumbers([]byte(tt.raw)), s, nil) {
			got = append(got, w.String())
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("schemaCheck(%s) = %q, want %q", tt.raw, got, tt.want)
		}
	}
}

func TestSchemaEqual(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{`1`, `1.0`, true},
		{`1`, `2`, false},
		{`"1"`, `1`, false},
		{`[1,{"a":null}]`, `[1.0,{"a":null}]`, true},
		{`{"a":1}`, `{"a":1,"b":2}`, false},
		{`{"a":1}`, `{"b":1}`, false},
		{`[1]`, `{"0":1}`, false},
		{`123456789012345678901234567890`, `123456789012345678901234567890`, true},
	}
	for _, tt := range tests {
		if got := schemaEqual(schemaNumbers([]byte(tt.a)), schemaNumbers([]byte(tt.b))); got != tt.want {
			t.Errorf("schemaEqual(%s, %s) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
	if strings.Contains(schemaShow(map[string]any{"k": "<&>"}), `\u003c`) {
		t.Errorf("schemaShow escapes HTML, want the value as typed")
	}
}
