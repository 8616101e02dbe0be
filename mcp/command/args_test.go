package command

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// argTestSchema parses a schema literal or fails the test.
func argTestSchema(t testing.TB, raw string) *Schema {
	t.Helper()
	if raw == "" {
		return nil
	}
	s, err := ParseSchema(json.RawMessage(raw))
	if err != nil {
		t.Fatalf("ParseSchema(%s): %v", raw, err)
	}
	return s
}

// argTestRun splits line, parses it against schema and returns the JSON sent and the warnings as text.
func argTestRun(t *testing.T, schema, line string) (string, []string, error) {
	t.Helper()
	words, err := SplitWords(line)
	if err != nil {
		t.Fatalf("SplitWords(%q): %v", line, err)
	}
	args, warns, err := ParseArgs(words, argTestSchema(t, schema))
	var ws []string
	for _, w := range warns {
		ws = append(ws, w.String())
	}
	if err != nil {
		return "", ws, err
	}
	out, merr := args.MarshalJSON()
	if merr != nil || !json.Valid(out) {
		t.Fatalf("ParseArgs(%q).MarshalJSON() = %s, %v; want valid JSON", line, out, merr)
	}
	return string(out), ws, nil
}

func argTestProps(props string) string {
	return `{"type":"object","properties":{` + props + `}}`
}

func TestParseArgsValues(t *testing.T) {
	str := argTestProps(`"s":{"type":"string"}`)
	integer := argTestProps(`"n":{"type":"integer"}`)
	number := argTestProps(`"n":{"type":"number"}`)
	boolean := argTestProps(`"b":{"type":"boolean"}`)
	tests := []struct {
		name, schema, line, want string
	}{
		{"string", str, `s=Ann`, `{"s":"Ann"}`},
		{"string that looks like a number", argTestProps(`"zip":{"type":"string"}`), `zip=01234`, `{"zip":"01234"}`},
		{"string keeps spaces and html", str, `s='  <a & b>  '`, `{"s":"  <a & b>  "}`},
		{"single quotes", str, `s='hello world'`, `{"s":"hello world"}`},
		{"double quotes with escapes", str, `s="a \"b\""`, `{"s":"a \"b\""}`},
		{"escaped space", str, `s=\ y`, `{"s":" y"}`},
		{"empty value is empty string", str, `s=`, `{"s":""}`},
		{"== is not special", str, `s==x`, `{"s":"=x"}`},
		{"value with =", str, `s=a=b`, `{"s":"a=b"}`},
		{"integer", integer, `n=2`, `{"n":2}`},
		{"negative integer", integer, `n=-3`, `{"n":-3}`},
		{"plus sign and zeros", integer, `n=+007`, `{"n":7}`},
		{"integer in exponent form", integer, `n=1e3`, `{"n":1000}`},
		{"integral decimal", integer, `n=2.0`, `{"n":2}`},
		{"exponent that cancels the fraction", integer, `n=1.25e2`, `{"n":125}`},
		{"trailing zeros before a negative exponent", integer, `n=1200e-2`, `{"n":12}`},
		{"negative zero", integer, `n=-0`, `{"n":0}`},
		{"integer beyond int64 keeps its digits", integer, `n=123456789012345678901234567890`, `{"n":123456789012345678901234567890}`},
		{"integer with spaces around", integer, `n=' 5 '`, `{"n":5}`},
		{"number keeps its text", number, `n=1.50`, `{"n":1.50}`},
		{"number with exponent", number, `n=-2.5E+3`, `{"n":-2.5e+3}`},
		{"number without leading digit", number, `n=.5`, `{"n":0.5}`},
		{"number with trailing point", number, `n=5.`, `{"n":5}`},
		{"number with leading zeros", number, `n=007.25`, `{"n":7.25}`},
		{"bool true", boolean, `b=true`, `{"b":true}`},
		{"bool yes", boolean, `b=yes`, `{"b":true}`},
		{"bool 1", boolean, `b=1`, `{"b":true}`},
		{"bool ON", boolean, `b=ON`, `{"b":true}`},
		{"bool False", boolean, `b=False`, `{"b":false}`},
		{"bool no", boolean, `b=no`, `{"b":false}`},
		{"bool 0", boolean, `b=0`, `{"b":false}`},
		{"bool off", boolean, `b=off`, `{"b":false}`},
		{"null", argTestProps(`"x":{"type":"null"}`), `x=null`, `{"x":null}`},
		{"object is JSON kept as typed", argTestProps(`"m":{"type":"object"}`), `m='{"x": [1, 2.50]}'`, `{"m":{"x": [1, 2.50]}}`},
		{"raw JSON untouched", "", `n:=1.50`, `{"n":1.50}`},
		{"raw JSON keeps its spacing", "", `o:='{ "a" : [ 1 ] }'`, `{"o":{ "a" : [ 1 ] }}`},
		{"raw JSON over a typed key", integer, `n:=1.50`, `{"n":1.50}`},
		{"raw string", str, `s:='"x"'`, `{"s":"x"}`},
		{"raw null", integer, `n:=null`, `{"n":null}`},
		{"nil schema keeps strings", "", `n=5 b=true o={}`, `{"n":"5","b":"true","o":"{}"}`},
		{"schema without properties keeps strings", `{"type":"object"}`, `n=5`, `{"n":"5"}`},
		{"untyped property keeps strings", argTestProps(`"x":{"description":"anything"}`), `x=5`, `{"x":"5"}`},
		{"unknown key stays a string", integer, `other=5`, `{"other":"5"}`},
		{"additionalProperties schema types extra keys", `{"type":"object","properties":{"a":{}},"additionalProperties":{"type":"integer"}}`, `x=5`, `{"x":5}`},
		{"key order as typed", argTestProps(`"a":{"type":"integer"},"b":{"type":"integer"},"c":{"type":"integer"}`), `c=3 a=1 b=2`, `{"c":3,"a":1,"b":2}`},
		{"no words", integer, ``, `{}`},
		{"unicode key and value", "", `ключ=значение`, `{"ключ":"значение"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _, err := argTestRun(t, tt.schema, tt.line)
			if err != nil {
				t.Fatalf("ParseArgs(%q): %v", tt.line, err)
			}
			if got != tt.want {
				t.Errorf("ParseArgs(%q) = %s, want %s", tt.line, got, tt.want)
			}
		})
	}
}

func TestParseArgsUnionsAndEnums(t *testing.T) {
	tests := []struct {
		name, schema, line, want string
		warn                     []string
	}{
		{"string|null takes null", `{"type":["string","null"]}`, `x=null`, `{"x":null}`, nil},
		{"string|null takes text", `{"type":["string","null"]}`, `x=abc`, `{"x":"abc"}`, nil},
		{"string tried last even when first", `{"type":["string","integer"]}`, `x=5`, `{"x":5}`, nil},
		{"integer|string falls back to string", `{"type":["integer","string"]}`, `x=five`, `{"x":"five"}`, nil},
		{"declared order wins", `{"type":["boolean","integer"]}`, `x=1`, `{"x":true}`, nil},
		{"declared order wins the other way", `{"type":["integer","boolean"]}`, `x=1`, `{"x":1}`, nil},
		{"null|integer", `{"type":["null","integer"]}`, `x=5`, `{"x":5}`, nil},
		{"anyOf integer or string", `{"anyOf":[{"type":"integer"},{"type":"string"}]}`, `x=5`, `{"x":5}`, nil},
		{"anyOf text", `{"anyOf":[{"type":"integer"},{"type":"string"}]}`, `x=five`, `{"x":"five"}`, nil},
		{"oneOf integer or boolean", `{"oneOf":[{"type":"integer"},{"type":"boolean"}]}`, `x=yes`, `{"x":true}`, nil},
		{"anyOf with null", `{"anyOf":[{"type":"integer","minimum":1},{"type":"null"}]}`, `x=null`, `{"x":null}`, nil},
		{"anyOf branch constraints", `{"anyOf":[{"type":"integer","minimum":1},{"type":"null"}]}`, `x=0`, `{"x":0}`, []string{"x: 0 is below the minimum 1"}},
		{"anyOf matching no branch", `{"anyOf":[{"type":"integer"},{"type":"boolean"}]}`, `x:='"s"'`, `{"x":"s"}`, []string{`x: "s" matches none of: integer | boolean`}},
		{"string enum", `{"type":"string","enum":["red","green"]}`, `x=red`, `{"x":"red"}`, nil},
		{"string enum miss warns", `{"type":"string","enum":["red","green"]}`, `x=pink`, `{"x":"pink"}`, []string{`x: "pink" is not one of red|green`}},
		{"integer enum coerces", `{"enum":[1,2,3]}`, `x=2`, `{"x":2}`, nil},
		{"integer enum sends the member's spelling", `{"enum":[1,2,3]}`, `x=02`, `{"x":2}`, nil},
		{"integer enum miss is sent as typed", `{"enum":[1,2,3]}`, `x=low`, `{"x":"low"}`, []string{`x: "low" is not one of 1|2|3`}},
		{"typed integer enum miss warns", `{"type":"integer","enum":[1,2,3]}`, `x=5`, `{"x":5}`, []string{`x: 5 is not one of 1|2|3`}},
		{"number enum", `{"enum":[0.5,1.5]}`, `x=1.50`, `{"x":1.5}`, nil},
		{"mixed enum in order", `{"enum":["1",1]}`, `x=1`, `{"x":"1"}`, nil},
		{"boolean enum", `{"enum":[true]}`, `x=yes`, `{"x":true}`, nil},
		{"null enum", `{"enum":["a",null]}`, `x=null`, `{"x":null}`, nil},
		{"object enum", `{"enum":[{"a":1}]}`, `x='{"a":1.0}'`, `{"x":{"a":1}}`, nil},
		{"const", `{"const":"fast"}`, `x=fast`, `{"x":"fast"}`, nil},
		{"const miss", `{"const":"fast"}`, `x=slow`, `{"x":"slow"}`, []string{`x: "slow" is not one of fast`}},
		{"raw value of the wrong type warns", `{"type":"integer"}`, `x:='"two"'`, `{"x":"two"}`, []string{`x: "two" is a string, schema says type integer`}},
		{"raw value not in enum warns", `{"enum":["a"]}`, `x:=1`, `{"x":1}`, []string{`x: 1 is not one of a`}},
		{"titled enum", `{"type":"string","oneOf":[{"const":"a","title":"A"},{"const":"b","title":"B"}]}`, `x=b`, `{"x":"b"}`, nil},
		{"titled enum miss names every choice", `{"type":"string","oneOf":[{"const":"a","title":"A"},{"const":"b","title":"B"}]}`, `x=c`, `{"x":"c"}`, []string{`x: "c" is not one of a (A)|b (B)`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, warns, err := argTestRun(t, argTestProps(`"x":`+tt.schema), tt.line)
			if err != nil {
				t.Fatalf("ParseArgs(%q) with %s: %v", tt.line, tt.schema, err)
			}
			if got != tt.want {
				t.Errorf("ParseArgs(%q) with %s = %s, want %s", tt.line, tt.schema, got, tt.want)
			}
			if !slices.Equal(warns, tt.warn) {
				t.Errorf("ParseArgs(%q) with %s warnings = %q, want %q", tt.line, tt.schema, warns, tt.warn)
			}
		})
	}
}

func TestParseArgsArrays(t *testing.T) {
	strs := argTestProps(`"tags":{"type":"array","items":{"type":"string"}}`)
	ints := argTestProps(`"ids":{"type":"array","items":{"type":"integer","maximum":10}}`)
	tests := []struct {
		name, schema, line, want string
		warn                     []string
	}{
		{"repeated key", strs, `tags=a tags=b`, `{"tags":["a","b"]}`, nil},
		{"members joined by commas say to repeat the key", argTestProps(`"tags":{"type":"array","items":{"enum":["mcp","ops","sse"]}}`),
			`tags=mcp,ops`, `{"tags":["mcp,ops"]}`, []string{`tags[0]: "mcp,ops" is not one of mcp|ops|sse; for several items repeat the key: tags=mcp tags=ops`}},
		{"a comma in no member is a plain miss", argTestProps(`"tags":{"type":"array","items":{"enum":["mcp","ops"]}}`),
			`tags=mcp,dev`, `{"tags":["mcp,dev"]}`, []string{`tags[0]: "mcp,dev" is not one of mcp|ops`}},
		{"one value is an array of one", strs, `tags=a`, `{"tags":["a"]}`, nil},
		{"items keep number-like strings", strs, `tags=1 tags=01`, `{"tags":["1","01"]}`, nil},
		{"JSON array kept as typed", ints, `ids='[1, 2]'`, `{"ids":[1, 2]}`, nil},
		{"items typed", ints, `ids=1 ids=2`, `{"ids":[1,2]}`, nil},
		{"JSON arrays add their items", ints, `ids=[1,2] ids=3 ids:=[4]`, `{"ids":[1,2,3,4]}`, nil},
		{"raw items untouched", ints, `ids:=1.0 ids:=2`, `{"ids":[1.0,2]}`, nil},
		{"raw non-array joins as one item", ints, `ids=1 ids:='{"a":1}'`, `{"ids":[1,{"a":1}]}`, []string{`ids[1]: {"a":1} is an object, schema says type integer`}},
		{"item range warns with path", ints, `ids=3 ids=11`, `{"ids":[3,11]}`, []string{"ids[1]: 11 is above the maximum 10"}},
		{"JSON array items are checked", ints, `ids='[1,"x"]'`, `{"ids":[1,"x"]}`, []string{`ids[1]: "x" is a string, schema says type integer`}},
		{"array without items", argTestProps(`"v":{"type":"array"}`), `v=1 v=true`, `{"v":["1","true"]}`, nil},
		{"array|null", argTestProps(`"v":{"type":["array","null"],"items":{"type":"integer"}}`), `v=5`, `{"v":[5]}`, nil},
		{"array|null null", argTestProps(`"v":{"type":["array","null"],"items":{"type":"integer"}}`), `v=null`, `{"v":null}`, nil},
		{"anyOf array branch", argTestProps(`"v":{"anyOf":[{"type":"array","items":{"type":"integer"}},{"type":"null"}]}`), `v=1 v=2`, `{"v":[1,2]}`, nil},
		{"repeated key without schema", "", `x=a x=b x:=3`, `{"x":["a","b",3]}`, nil},
		{"repeated unknown key", ints, `x=a x=b`, `{"x":["a","b"]}`, []string{"x: unknown key (known keys: ids)"}},
		{"repeated key keeps its first position", strs + ``, `tags=a other=1 tags=b`, `{"tags":["a","b"],"other":"1"}`, []string{"other: unknown key (known keys: tags)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, warns, err := argTestRun(t, tt.schema, tt.line)
			if err != nil {
				t.Fatalf("ParseArgs(%q): %v", tt.line, err)
			}
			if got != tt.want {
				t.Errorf("ParseArgs(%q) = %s, want %s", tt.line, got, tt.want)
			}
			if !slices.Equal(warns, tt.warn) {
				t.Errorf("ParseArgs(%q) warnings = %q, want %q", tt.line, warns, tt.warn)
			}
		})
	}
}

// JSON's words in another case (flag:=True) are meant as JSON: the error
// says they are lower case, and offers no string in their place.
func TestParseArgsJSONWordNotOfferedAsString(t *testing.T) {
	_, _, err := argTestRun(t, "", `flag:=True`)
	if err == nil || !strings.Contains(err.Error(), "; JSON's words are lower case: flag:=true") || strings.Contains(err.Error(), "as a string") {
		t.Errorf("flag:=True: %v, want it said lower case, with no string offered", err)
	}
}

func TestParseArgsErrors(t *testing.T) {
	tests := []struct {
		name, schema, line string
		want               []string // all must appear in the error
	}{
		{"word without =", "", `foo`, []string{`"foo": expected key=value or key:=json`}},
		{"empty key", "", `=x`, []string{`"=x": the key before = is empty`}},
		{"empty raw key", "", `:=1`, []string{`":=1": the key before = is empty`}},
		{"bad raw JSON", "", `meta:={x`, []string{`meta: invalid JSON after := (a key is not a string in double quotes at byte 1: {▶x)`}},
		{"a bare word after :=", "", `text:=notes`, []string{`text: invalid JSON after := (true, false or null is misspelt`, "; to send it as a string: text=notes"}},
		{"empty raw JSON", "", `meta:=`, []string{"meta: invalid JSON after := (there is no JSON value: the text is empty)"}},
		{"raw JSON whose quotes the shell ate", "", `meta:={"x":1}`, []string{"meta: invalid JSON after :=", "wrap JSON in single quotes"}},
		{"integer", `{"type":"integer"}`, `x=two`, []string{`x: "two" is not an integer (schema says type integer); to send it as typed: x:='"two"'`}},
		{"fractional integer", `{"type":"integer"}`, `x=1.5`, []string{`x: "1.5" is not an integer (schema says type integer)`}},
		{"small exponent integer", `{"type":"integer"}`, `x=1e-3`, []string{`x: "1e-3" is not an integer`}},
		{"huge exponent integer", `{"type":"integer"}`, `x=1e999999`, []string{`x: "1e999999" is not an integer`}},
		{"hex integer", `{"type":"integer"}`, `x=0x10`, []string{`x: "0x10" is not an integer`}},
		{"empty integer", `{"type":"integer"}`, `x=`, []string{`x: "" is not an integer`}},
		{"number", `{"type":"number"}`, `x=abc`, []string{`x: "abc" is not a number (schema says type number)`}},
		{"number infinity", `{"type":"number"}`, `x=Inf`, []string{`x: "Inf" is not a number`}},
		{"boolean", `{"type":"boolean"}`, `x=maybe`, []string{`x: "maybe" is not a boolean (schema says type boolean); use true/false, yes/no, on/off or 1/0`}},
		{"null", `{"type":"null"}`, `x=nil`, []string{`x: "nil" is not null (schema says type null)`}},
		{"union", `{"type":["integer","null"]}`, `x=abc`, []string{`x: "abc" is not an integer or null (schema says type integer|null)`}},
		{"anyOf", `{"anyOf":[{"type":"integer"},{"type":"boolean"}]}`, `x=abc`, []string{`x: "abc" is not an integer or a boolean (schema says type integer|boolean)`}},
		{"object not JSON", `{"type":"object"}`, `x='{a'`, []string{`x: "{a" is not a JSON object (a key is not a string in double quotes at byte 1: {▶a)`, "(schema says type object)"}},
		{"object is an array", `{"type":"object"}`, `x=[1]`, []string{`x: "[1]" is not a JSON object (schema says type object)`}},
		{"array item", `{"type":"array","items":{"type":"integer"}}`, `x=a`, []string{`x: "a" is not an integer or a JSON array (schema says type array of integer)`}},
		{"repeated array item", `{"type":"array","items":{"type":"integer"}}`, `x=1 x=a`, []string{`x: "a" is not an integer (schema says type integer)`}},
		{"broken JSON array", `{"type":"array","items":{"type":"string"}}`, `x=[a`, []string{`x: "[a" is not a JSON array (no JSON value starts here`, `to send it as one item: x:='["[a"]'`}},
		{"repeated scalar", `{"type":"integer"}`, `x=1 x=2`, []string{`x: given 2 times, but the schema says type integer, not an array; to send an array anyway: x:='[...]'`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			schema := ""
			if tt.schema != "" {
				schema = argTestProps(`"x":` + tt.schema)
			}
			got, _, err := argTestRun(t, schema, tt.line)
			if err == nil {
				t.Fatalf("ParseArgs(%q) = %s, want an error", tt.line, got)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("ParseArgs(%q) error = %q, want it to contain %q", tt.line, err, w)
				}
			}
		})
	}
}

func TestParseArgsReportsEveryError(t *testing.T) {
	s := argTestSchema(t, argTestProps(`"n":{"type":"integer"},"b":{"type":"boolean"}`))
	args, _, err := ParseArgs([]string{"n=x", "bad", "b=maybe", "ok=1"}, s)
	if err == nil {
		t.Fatalf("ParseArgs = %v, want an error", args)
	}
	for _, key := range []string{`"bad"`, `n: "x"`, `b: "maybe"`} {
		if !strings.Contains(err.Error(), key) {
			t.Errorf("error %q does not mention %s", err, key)
		}
	}
	if args != nil {
		t.Errorf("ParseArgs returned args %v with an error, want nil", args)
	}
}

func TestParseArgsWarnings(t *testing.T) {
	tests := []struct {
		name, schema, line string
		warn               []string
	}{
		{"missing required", `{"type":"object","properties":{"a":{"type":"integer","minimum":1}},"required":["a","b"]}`, ``,
			[]string{"a: missing required key, expects integer (>= 1)", "b: missing required key"}},
		{"required given", `{"type":"object","properties":{"a":{}},"required":["a"]}`, `a=1`, nil},
		{"required listed twice warns once", `{"type":"object","properties":{"a":{}},"required":["a","a"]}`, ``, []string{"a: missing required key, expects any"}},
		{"unknown key", argTestProps(`"a":{},"b":{}`), `c=1`, []string{"c: unknown key (known keys: a, b)"}},
		{"unknown key the schema forbids", `{"type":"object","properties":{"a":{}},"additionalProperties":false}`, `c=1`,
			[]string{"c: unknown key, and the schema forbids extra keys (additionalProperties: false); known keys: a"}},
		{"mistyped key is asked after", argTestProps(`"name":{},"times":{}`), `nme=x`, []string{"nme: unknown key (did you mean name? known keys: name, times)"}},
		{"mistyped key the schema forbids", `{"type":"object","properties":{"name":{},"times":{}},"additionalProperties":false}`, `tims=2`,
			[]string{"tims: unknown key, and the schema forbids extra keys (additionalProperties: false); did you mean times? known keys: name, times"}},
		{"tool without arguments", `{"type":"object","additionalProperties":false}`, `c=1`,
			[]string{"c: unknown key: the tool takes no arguments (additionalProperties: false)"}},
		{"minimum", argTestProps(`"n":{"type":"integer","minimum":1}`), `n=0`, []string{"n: 0 is below the minimum 1"}},
		{"maximum", argTestProps(`"n":{"type":"number","maximum":1.5}`), `n=1.75`, []string{"n: 1.75 is above the maximum 1.5"}},
		{"inside range", argTestProps(`"n":{"type":"integer","minimum":1,"maximum":10}`), `n=10`, nil},
		{"exclusive minimum", argTestProps(`"n":{"type":"number","exclusiveMinimum":0}`), `n=0`, []string{"n: 0 is not above the exclusive minimum 0"}},
		{"exclusive maximum", argTestProps(`"n":{"type":"number","exclusiveMaximum":10}`), `n=10`, []string{"n: 10 is not below the exclusive maximum 10"}},
		{"draft-4 exclusive minimum", argTestProps(`"n":{"type":"number","minimum":0,"exclusiveMinimum":true}`), `n=0`, []string{"n: 0 is not above the exclusive minimum 0"}},
		{"minLength counts characters", argTestProps(`"s":{"type":"string","minLength":6}`), `s=héllo`, []string{`s: "héllo" is 5 characters, fewer than minLength 6`}},
		{"maxLength", argTestProps(`"s":{"type":"string","maxLength":2}`), `s=abc`, []string{`s: "abc" is 3 characters, more than maxLength 2`}},
		{"nested object", argTestProps(`"m":{"type":"object","properties":{"x":{"type":"integer"}},"required":["y"]}`), `m:='{"x":"a"}'`,
			[]string{`m.x: "a" is a string, schema says type integer`, "m.y: missing required key"}},
		{"long values are cut", argTestProps(`"s":{"enum":["a"]}`), `s=` + strings.Repeat("x", 60), []string{`s: "` + strings.Repeat("x", 38) + `… is not one of a`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, warns, err := argTestRun(t, tt.schema, tt.line)
			if err != nil {
				t.Fatalf("ParseArgs(%q): %v", tt.line, err)
			}
			if !slices.Equal(warns, tt.warn) {
				t.Errorf("ParseArgs(%q) warnings = %q, want %q", tt.line, warns, tt.warn)
			}
		})
	}
}

func TestArgWarningString(t *testing.T) {
	for _, tt := range []struct {
		w    ArgWarning
		want string
	}{
		{ArgWarning{Key: "n", Message: "too big"}, "n: too big"},
		{ArgWarning{Message: "no key"}, "no key"},
	} {
		if got := tt.w.String(); got != tt.want {
			t.Errorf("%#v.String() = %q, want %q", tt.w, got, tt.want)
		}
	}
}

func TestArgsMarshalJSON(t *testing.T) {
	tests := []struct {
		name string
		args *Args
		want string
	}{
		{"nil", nil, `{}`},
		{"empty", &Args{}, `{}`},
		{"order of Keys", &Args{Keys: []string{"b", "a"}, Values: map[string]json.RawMessage{"a": json.RawMessage(`1`), "b": json.RawMessage(`2.50`)}}, `{"b":2.50,"a":1}`},
		{"values not in Keys follow sorted", &Args{Keys: []string{"z"}, Values: map[string]json.RawMessage{"z": json.RawMessage(`1`), "b": json.RawMessage(`2`), "a": json.RawMessage(`3`)}}, `{"z":1,"a":3,"b":2}`},
		{"keys without values are skipped", &Args{Keys: []string{"a", "gone", "a"}, Values: map[string]json.RawMessage{"a": json.RawMessage(`1`)}}, `{"a":1}`},
		{"empty value is null", &Args{Keys: []string{"a"}, Values: map[string]json.RawMessage{"a": nil}}, `{"a":null}`},
		{"keys are escaped but not for HTML", &Args{Keys: []string{`<"k">`}, Values: map[string]json.RawMessage{`<"k">`: json.RawMessage(`"<v>"`)}}, `{"<\"k\">":"<v>"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.args.MarshalJSON()
			if err != nil {
				t.Fatalf("MarshalJSON: %v", err)
			}
			if string(got) != tt.want {
				t.Errorf("MarshalJSON() = %s, want %s", got, tt.want)
			}
		})
	}
}

// A value typed without its key is answered with the key it was likely
// meant for: the first required key not typed yet, of those whose type
// takes the value (3 is no boolean, Bob no integer).
func TestBareValueIsToldItsKey(t *testing.T) {
	schema, err := ParseSchema(json.RawMessage(`{"type":"object","properties":{"loud":{"type":"boolean"},"name":{"type":"string"},"times":{"type":"integer"},"env":{"type":"string","enum":["staging","production"]}},"required":["name"]}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		words []string
		want  string
	}{
		{[]string{"Ann"}, `"Ann": expected key=value or key:=json: did you mean name=Ann?`},
		{[]string{"Ann Lee"}, `"Ann Lee": expected key=value or key:=json: did you mean name='Ann Lee'?`},
		{[]string{"name=Ann", "3"}, `"3": expected key=value or key:=json: did you mean times=3?`},
		// Words no key takes after a value are its rest, typed unquoted.
		{[]string{"name=Ann", "Bob"}, `"Bob": a value with spaces goes in quotes: did you mean name='Ann Bob'?`},
		{[]string{"name=Ann", "Bob", "Lee", "times=2"}, `"Bob Lee": a value with spaces goes in quotes: did you mean name='Ann Bob Lee'?`},
		{[]string{"name=Ann", "times:=2", "Bob"}, `"Bob": expected key=value or key:=json`},
		// An enum key is offered only a value it lists.
		{[]string{"name=Ann", "times:=2", "staging"}, `"staging": expected key=value or key:=json: did you mean env=staging?`},
		// A value typed after a space past its = is not given a
		// leading space.
		{[]string{"name=", "Bob"}, `"name= Bob": a key=value has no spaces around its =; did you mean name=Bob?`},
		{[]string{"name=", "Bob", "Lee", "times=2"}, `"name= Bob Lee": a key=value has no spaces around its =; did you mean name='Bob Lee'?`},
		// A value after key= or key:= is the key's whatever other key
		// would take it (times takes 3 too), said once: the key's
		// empty value is not refused again.
		{[]string{"name=Ann", "times=", "3"}, `"times= 3": a key=value has no spaces around its =; did you mean times=3?`},
		{[]string{"times:=", "3"}, `"times:= 3": a key=value has no spaces around its =; did you mean times:=3?`},
		{[]string{"name:=", "Ann"}, `"name:= Ann": a key=value has no spaces around its =; did you mean name=Ann?`},
		{[]string{"times", ":=", "3"}, `"times := 3": a key=value has no spaces around its =; did you mean times:=3?`},
		{[]string{"times", ":=3"}, `"times :=3": a key=value has no spaces around its =; did you mean times:=3?`},
		// A value that ends in = is no empty one: the words after it
		// are its rest.
		{[]string{"name==", "Bob"}, `"Bob": a value with spaces goes in quotes: did you mean name='= Bob'?`},
		{[]string{"=x"}, `"=x": the key before = is empty; expected key=value or key:=json`},
		// Arguments as one JSON object: its keys are the schema's, so
		// they are spread, not taken as the name's value.
		{[]string{`{"name": "Ann Lee", "times": 2}`}, `"{\"name\": \"Ann Lee\", \"times\": 2}": expected key=value or key:=json: arguments go one key at a time; did you mean name:='"Ann Lee"' times:=2?`},
		{[]string{"name=Ann", `{"other":[1, 2]}`}, `"{\"other\":[1, 2]}": expected key=value or key:=json: arguments go one key at a time; did you mean other:='[1,2]'?`},
	} {
		_, _, err := ParseArgs(c.words, schema)
		if err == nil || err.Error() != c.want {
			t.Errorf("ParseArgs(%q) error = %v, want %s", c.words, err, c.want)
		}
	}
}
