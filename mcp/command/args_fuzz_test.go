package command

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func ExampleParseArgs() {
	schema, err := ParseSchema(json.RawMessage(`{
		"type": "object",
		"properties": {
			"text": {"type": "string"},
			"times": {"type": "integer", "minimum": 1, "maximum": 5},
			"tags": {"type": "array", "items": {"type": "string"}}
		},
		"required": ["text"]
	}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	words, err := SplitWords(`text='hello world' times=9 tags=a tags=01 meta:='{"x": 1.50}'`)
	if err != nil {
		fmt.Println(err)
		return
	}
	args, warnings, err := ParseArgs(words, schema)
	if err != nil {
		fmt.Println(err)
		return
	}
	out, _ := json.Marshal(args)
	fmt.Println(string(out))
	for _, w := range warnings {
		fmt.Println("warning:", w)
	}
	_, _, err = ParseArgs([]string{"times=two"}, schema)
	fmt.Println("error:", err)
	// Output:
	// {"text":"hello world","times":9,"tags":["a","01"],"meta":{"x":1.50}}
	// warning: times: 9 is above the maximum 5
	// warning: meta: unknown key (known keys: text, times, tags)
	// error: times: "two" is not an integer (schema says type integer); to send it as typed: times:='"two"'
}

// argFuzzSchema exercises every type, union and constraint ParseArgs knows.
const argFuzzSchema = `{"type":"object","properties":{
	"s":{"type":"string","minLength":1,"maxLength":5},"i":{"type":"integer","minimum":0,"exclusiveMaximum":100},
	"n":{"type":"number"},"b":{"type":"boolean"},"z":{"type":"null"},"o":{"type":"object","properties":{"x":{"type":"integer"}}},
	"a":{"type":"array","items":{"type":"integer"}},"u":{"type":["string","null"]},"e":{"enum":[1,"two",true,null]},
	"any":{"anyOf":[{"type":"integer"},{"type":"array","items":{"type":"boolean"}}]}},"required":["s","i"]}`

func FuzzParseArgs(f *testing.F) {
	for _, seed := range []struct{ line, schema string }{
		{`s=abc i=5 n=1.5e3 b=yes z=null o='{"x":1}' a=1 a=[2,3] u=null e=two any=1`, ""},
		{`i=1e3 i=2 a:=[1] a:=x n:=1.50 e=1 any=true any=[true]`, `{"properties":{"x":{"$ref":"#/$defs/X"}},"$defs":{"X":{"enum":[1]}}}`},
		{`x=\ y 'q=a b' "r=\"c\"" k:='{"a":[1,2]}' k2==v`, `{"type":"object"}`},
		{`i=-0.0e-0 i=+.5 n=. n=1e n=--1 o={ a=[ b=ON`, `true`},
		{`=x :=1 novalue`, `{"anyOf":[{"type":"integer"}],"additionalProperties":false}`},
		{`n=1 self:='{"n":2}' t=5`, `{"allOf":[{"$ref":"#/$defs/B"}],"properties":{"self":{"$ref":"#"},"t":{"oneOf":[{"$ref":"#/properties/n"},{"$ref":"#/$defs/B"}]}},"$defs":{"B":{"properties":{"n":{"type":"integer","enum":[1,1e400]}},"required":["n"]}}}`},
	} {
		f.Add(seed.line, seed.schema)
	}
	rich := argTestSchema(f, argFuzzSchema)
	f.Fuzz(func(t *testing.T, line, schemaText string) {
		words, err := SplitWords(line)
		if err != nil {
			words = strings.Fields(line)
		}
		fuzzed, err := ParseSchema(json.RawMessage(schemaText))
		if err != nil {
			fuzzed = nil
		} else {
			_ = fuzzed.TypeString()
		}
		for _, schema := range []*Schema{nil, rich, fuzzed} {
			args, warns, err := ParseArgs(words, schema)
			for _, w := range warns {
				if w.String() == "" {
					t.Errorf("ParseArgs(%q) gave an empty warning", words)
				}
			}
			if err != nil {
				if args != nil {
					t.Errorf("ParseArgs(%q) returned args with error %v", words, err)
				}
				continue
			}
			out, err := json.Marshal(args)
			if err != nil || !json.Valid(out) {
				t.Fatalf("ParseArgs(%q) marshals to invalid JSON %q: %v", words, out, err)
			}
			var obj map[string]json.RawMessage
			if err := json.Unmarshal(out, &obj); err != nil {
				t.Fatalf("ParseArgs(%q) marshals to %s, not an object: %v", words, out, err)
			}
			if len(args.Keys) != len(args.Values) {
				t.Errorf("ParseArgs(%q): %d keys but %d values", words, len(args.Keys), len(args.Values))
			}
			if slices.ContainsFunc(args.Keys, func(k string) bool { return !utf8.ValidString(k) }) {
				continue // invalid UTF-8 keys may collapse into one once encoded
			}
			if len(obj) != len(args.Keys) {
				t.Errorf("ParseArgs(%q) = %s: %d keys in JSON, want %d", words, out, len(obj), len(args.Keys))
			}
		}
	})
}
