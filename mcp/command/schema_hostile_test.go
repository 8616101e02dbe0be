package command

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// Each hostile class parses, keeps its readable part working (count is an
// integer, values are checked where the schema was read), says what it did
// not read, and stays within the budget every walk over it relies on.
func TestHostileSchemas(t *testing.T) {
	type want struct {
		line      string // typed after the tool name
		sent      string
		warnings  []string // each must appear in one warning, in order
		truncated string   // in Schema.Truncated; "" when all was read
	}
	wants := map[string]want{
		// Where a type repeats it reads as any: nested values go as typed.
		"refCycle": {`count=3 next:='{"count":"x","next":{"count":2}}' kids:='[{"count":1}]'`,
			`{"count":3,"next":{"count":"x","next":{"count":2}},"kids":[{"count":1}]}`, nil, ""},
		"refMutual": {`count=3 a:='{"b":{"b":{}}}'`, `{"count":3,"a":{"b":{"b":{}}}}`, nil, ""},
		"refExplosionAnyOf30": {"count=3 tree=5", `{"count":3,"tree":5}`, nil,
			"more than 10000 parts once its references are expanded"},
		"refExplosionOneOf30": {"count=3 tree=5", `{"count":3,"tree":5}`, nil,
			"more than 10000 parts once its references are expanded"},
		"refExplosionAllOf30": {"count=3 tree=5", `{"count":3,"tree":5}`, nil, ""},
		"deepProperties100k": {`count=3 deep:='{"a":{"a":{"a":"x"}}}'`, `{"count":3,"deep":{"a":{"a":{"a":"x"}}}}`,
			[]string{`deep.a.a.a: "x" is a string, schema says type object`}, "nests deeper than 64 levels"},
		"deepItems100k": {"count=3 deep:=[[[1]]]", `{"count":3,"deep":[[[1]]]}`,
			[]string{"deep[0][0][0]: 1 is an integer, schema says type array"}, "nests deeper than 64 levels"},
		"deepAnyOf100k": {"count=3 deep=x", `{"count":3,"deep":"x"}`, nil, "nests deeper than 64 levels"},
		"hugeEnum1M": {"count=3 pick=v999999", `{"count":3,"pick":"v999999"}`, nil,
			"an enum lists 1000000 values, and only the first 4096 are offered and checked"},
		"manyProperties100k": {"count=3 p1=1 p99999=2", `{"count":3,"p1":1,"p99999":"2"}`,
			[]string{"p99999: unknown key (did you mean p999? known keys: count, p0, p1", "and 4076 more)", "p0: missing required key, expects integer",
				"p9: missing required key", "4086 more required keys are missing: p10, p11"},
			"it lists 100001 properties, and only the first 4096 are read"},
		"wideUnion100k": {"count=3 either=7", `{"count":3,"either":7}`, nil,
			"anyOf lists 100000 schemas, and only the first 4096 are read"},
		"wideAllOf100k": {"count=3 k1=1", `{"count":3,"k1":1}`,
			[]string{"k0: missing required key, expects integer", "k2: missing", "4085 more required keys are missing: k10, k11"},
			"allOf lists 100001 schemas, and only the first 4096 are read"},
	}
	for _, hc := range hostileCases() {
		w, ok := wants[hc.name]
		if !ok {
			t.Errorf("%s: no expectations", hc.name)
			continue
		}
		s, err := ParseSchema(hc.raw)
		if err != nil {
			t.Errorf("%s: ParseSchema: %v", hc.name, err)
			continue
		}
		if (w.truncated == "") != (s.Truncated == "") || !strings.Contains(s.Truncated, w.truncated) {
			t.Errorf("%s: Truncated = %q, want it to say %q", hc.name, s.Truncated, w.truncated)
		}
		if s.size > schemaMaxNodes {
			t.Errorf("%s: the expanded schema has %d parts, over the budget of %d", hc.name, s.size, schemaMaxNodes)
		}
		for _, p := range s.Properties {
			if n := utf8.RuneCountInString(p.Schema.TypeString()); n > typeTextMax {
				t.Errorf("%s: %s's type is %d runes, want at most %d", hc.name, p.Name, n, typeTextMax)
			}
		}
		words, err := SplitWords(w.line)
		if err != nil {
			t.Fatal(err)
		}
		args, warns, err := ParseArgs(words, s)
		if err != nil {
			t.Errorf("%s: ParseArgs(%s): %v", hc.name, w.line, err)
			continue
		}
		if got, _ := args.MarshalJSON(); string(got) != w.sent {
			t.Errorf("%s: %s sends %s, want %s", hc.name, w.line, got, w.sent)
		}
		if len(warns) > 12 {
			t.Errorf("%s: %d warnings, want a dozen at most", hc.name, len(warns))
		}
		all := ""
		for _, x := range warns {
			all += x.String() + "\n"
		}
		rest := all
		for _, want := range w.warnings {
			i := strings.Index(rest, want)
			if i < 0 {
				t.Errorf("%s: warnings\n%s do not say %q (in order)", hc.name, all, want)
				break
			}
			rest = rest[i+len(want):]
		}
		if w.warnings == nil && len(warns) > 0 {
			t.Errorf("%s: warnings %s, want none", hc.name, all)
		}
	}
}

// What a hint shows of a huge enum, union or nesting is a line, with a
// count of what it left out.
func TestHostileTypeStrings(t *testing.T) {
	wants := map[string]string{
		"hugeEnum1M":          "enum: v0|v1|v2|v3|v4|v5|v6|v7|… (999992 more)",
		"wideUnion100k":       "integer (>= 0) | integer (>= 1) | integer (>= 2) | integer (>= 3) | integer (>= 4) | integer (>= 5) | … (4090 more)",
		"deepItems100k":       strings.Repeat("array of ", 22) + "a…",
		"deepProperties100k":  "object",
		"deepAnyOf100k":       "…", // 64 levels of anyOf, then what was not read
		"refCycle":            "any",
		"refMutual":           "object",
		"refExplosionAnyOf30": "integer | …", // one type, then the references past the budget
		"refExplosionAllOf30": "integer",
	}
	for _, hc := range hostileCases() {
		want, ok := wants[hc.name]
		if !ok {
			continue
		}
		s, err := ParseSchema(hc.raw)
		if err != nil {
			t.Fatal(err)
		}
		// The hostile property is the one after count.
		if got := s.Properties[1].Schema.TypeString(); got != want {
			t.Errorf("%s: %s's TypeString = %q, want %q", hc.name, s.Properties[1].Name, got, want)
		}
	}
}

// Schemas that are not what JSON Schema allows, or barely: a sloppy or
// hostile server must get its tool called all the same.
func TestOddSchemas(t *testing.T) {
	tests := []struct {
		name, schema, line, sent string
		warnings                 []string
	}{
		{"true reads as any", `true`, "a=1", `{"a":"1"}`, nil},
		{"false reads as any", `false`, "a=1", `{"a":"1"}`, nil},
		{"type that is not a string", `{"properties":{"a":{"type":5},"b":{"type":["integer",5,{"x":1}]},"c":{"type":{"x":1}}}}`,
			"a=1 b=2 c=3", `{"a":"1","b":2,"c":"3"}`, nil},
		{"required that is not a list", `{"properties":{"a":{"type":"integer"}},"required":"a"}`, "", `{}`, nil},
		{"required with non-strings", `{"properties":{"a":{"type":"integer"}},"required":[1,"a",{"x":1},null]}`, "", `{}`,
			[]string{"a: missing required key, expects integer"}},
		{"numbers past float64", `{"properties":{"n":{"type":"number","minimum":1e400,"maximum":-1e400,"maxLength":1e400},"e":{"enum":[1e400,2]}}}`,
			// Bounds past the range are the infinities they round to, and
			// said so: 5 is below the one and above the other.
			"n=5 e=1e400", `{"n":5,"e":1e400}`, []string{"n: 5 is below the minimum: the schema's minimum is a number past float64's range, not a usable number, so 5 was checked against infinity in its place", "n: 5 is above the maximum: the schema's maximum is a negative number past float64's range, not a usable number, so 5 was checked against minus infinity in its place"}},
		{"a property that is not a schema", `{"properties":{"a":5,"b":"string","c":null,"d":[{"type":"integer"}]}}`,
			"a=1 b=2 c=3 d=4", `{"a":"1","b":"2","c":"3","d":"4"}`, nil},
		{"items, enum and anyOf of the wrong shape", `{"properties":{"a":{"type":"array","items":[{"type":"integer"}]},"b":{"enum":"x"},"c":{"anyOf":{"type":"integer"}}}}`,
			"a=1 b=x c=2", `{"a":["1"],"b":"x","c":"2"}`, nil},
		{"a reference to nowhere", `{"properties":{"a":{"$ref":"#/$defs/Nope","type":"integer"},"b":{"$ref":"#/properties/a"},"c":{"$ref":5}}}`,
			"a=1 b=2 c=3", `{"a":1,"b":2,"c":"3"}`, nil},
		{"a pointer into an array", `{"properties":{"a":{"anyOf":[{"type":"boolean"}]},"b":{"$ref":"#/properties/a/anyOf/0"},"c":{"$ref":"#/properties/a/anyOf/9"}}}`,
			"b=yes c=yes", `{"b":true,"c":"yes"}`, nil},
		{"a root reference reads one level down", `{"type":"object","properties":{"n":{"type":"integer"},"self":{"$ref":"#"}}}`,
			`n=1 self:='{"n":"x","self":{"n":"y"}}'`, `{"n":1,"self":{"n":"x","self":{"n":"y"}}}`,
			[]string{`self.n: "x" is a string, schema says type integer`}},
	}
	for _, tt := range tests {
		out, warns, err := argTestRun(t, tt.schema, tt.line)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if out != tt.sent || strings.Join(warns, "\n") != strings.Join(tt.warnings, "\n") {
			t.Errorf("%s: %s sends %s with warnings %q, want %s with %q", tt.name, tt.line, out, warns, tt.sent, tt.warnings)
		}
	}
}

// allOf is read: its branches' keys, types and requirements are the schema's.
func TestAllOfMerges(t *testing.T) {
	s := argTestSchema(t, `{
		"$defs": {
			"Base": {"type": "object", "properties": {"a": {"type": "boolean"}, "shared": {"type": "integer"}}, "required": ["a"]},
			"Color": {"type": "string", "enum": ["red", "green"], "description": "from the definition"}
		},
		"allOf": [
			{"$ref": "#/$defs/Base"},
			{"properties": {"b": {"type": "integer", "minimum": 1}, "shared": {"type": "string"}}, "required": ["b", "a"]}
		],
		"properties": {
			"color": {"allOf": [{"$ref": "#/$defs/Color"}], "description": "pick one"}
		}
	}`)
	if got, want := strings.Join(schemaTestNames(s), ","), "color,a,shared,b"; got != want {
		t.Errorf("properties = %s, want %s (own first, then each branch's new ones)", got, want)
	}
	if got := strings.Join(s.Required, ","); got != "a,b" {
		t.Errorf("required = %s, want a,b", got)
	}
	if !s.Property("a").Required || !s.Property("b").Required || s.Property("shared").Required {
		t.Errorf("required marks: a %v b %v shared %v, want true true false", s.Property("a").Required, s.Property("b").Required, s.Property("shared").Required)
	}
	if got := s.Property("shared").Schema.TypeString(); got != "integer" {
		t.Errorf("shared = %q, want the first branch's integer", got)
	}
	color := s.Property("color").Schema
	if got := color.TypeString(); got != "enum: red|green" || color.Description != "pick one" {
		t.Errorf("color = %q %q, want the wrapped enum with its own description", got, color.Description)
	}
	out, warns, err := argTestRun(t, `{"allOf":[{"properties":{"n":{"type":"integer"}},"required":["n","m"]}]}`, "n=2")
	if err != nil || out != `{"n":2}` || strings.Join(warns, ";") != "m: missing required key" {
		t.Errorf("allOf args: %s %q %v, want n typed and m missing", out, warns, err)
	}
}

// A description can be megabytes long; what a hint shows of it is kept.
func TestLongDescriptionIsCapped(t *testing.T) {
	s := argTestSchema(t, `{"properties":{"a":{"description":"`+strings.Repeat("é", 100_000)+`"}}}`)
	d := s.Property("a").Schema.Description
	if n := utf8.RuneCountInString(d); n != schemaMaxDescription || !strings.HasSuffix(d, "…") {
		t.Errorf("description kept %d runes ending %q, want %d ending in …", n, d[len(d)-8:], schemaMaxDescription)
	}
	if got := schemaCap("abc", 3); got != "abc" {
		t.Errorf("schemaCap(abc, 3) = %q, want it whole", got)
	}
	if got := schemaCap("abcd", 3); got != "ab…" {
		t.Errorf("schemaCap(abcd, 3) = %q, want ab…", got)
	}
	if got := schemaShowEnum([]byte(`"` + strings.Repeat("界", 200) + `"`)); utf8.RuneCountInString(got) > typeTextMember || !utf8.ValidString(got) {
		t.Errorf("a long enum member shows as %q, want at most %d valid runes", got, typeTextMember)
	}
}
