package command

import (
	"fmt"
	"strings"
	"testing"
)

// nested is JSON text n arrays deep.
func nested(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }

// A key:= value fits when the whole message around it (the message, its
// params and the arguments object take three levels) stays within the
// 10,000 levels encoding/json reads, and is refused by how much it does
// not, in words that do not call valid JSON invalid. Arguments 10,000
// deep once went out in a message of 10,002 levels; one repeated key nests its values one level deeper, in an array. An array
// typed for an array schema, too deep, was "not a JSON array".
func TestParseArgsDepth(t *testing.T) {
	array := argTestProps(`"x":{"type":"array","items":{}}`)
	for _, tc := range []struct {
		schema string
		words  []string
		want   string // "" accepted
	}{
		{"", []string{"x:=" + nested(9997)}, ""},
		{"", []string{"x:=" + nested(9998)}, "x: nested too deep to send: 9998 levels, 1 past the 9997 a value inside the arguments object can hold"},
		{"", []string{"x:=" + nested(10001)}, "x: nested too deep to send: 10001 levels, 4 past the 9997"},
		{"", []string{"x:=" + nested(9997), "x:=1"}, "x: nested too deep to send: 9998 levels, 1 past the 9997"},
		{"", []string{"x:=" + nested(9996), "x:=1"}, ""},
		// An array typed as the schema asks, not with :=, is its items.
		{array, []string{"x=" + nested(9997)}, ""},
		{array, []string{"x=" + nested(10001)}, "x: nested too deep to send: 10001 levels, 4 past the 9997"},
	} {
		_, _, err := ParseArgs(tc.words, argTestSchema(t, tc.schema))
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("ParseArgs(%d words, the first %d bytes) = %.300v, want it accepted", len(tc.words), len(tc.words[0]), err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "invalid")):
			t.Errorf("ParseArgs(%d words, the first %d bytes) = %.300v, want %q", len(tc.words), len(tc.words[0]), err, tc.want)
		}
	}
}

// The arguments typed as one JSON object may nest the 9,998 levels the
// message and its params leave them, and past them are refused in the
// words a key:= value gets.
func TestParseCommandArgumentsDepth(t *testing.T) {
	if _, err := ParseCommand(`tools/call echo {"x":` + nested(9997) + `}`); err != nil {
		t.Errorf("an arguments object 9998 levels deep: %.300v, want it accepted", err)
	}
	_, err := ParseCommand(`tools/call echo {"x":` + nested(9998) + `}`)
	if want := "the arguments of tools/call echo are nested too deep to send: 9999 levels, 1 past the 9998 the arguments object can hold"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("an arguments object 9999 levels deep: %.300v, want %q", err, want)
	}
}

// Params given whole for any request may nest the 9,999 levels the message
// leaves them, and past them are refused as too deep, not as "not one JSON
// object" with encoding/json's depth error: the text is valid JSON. A
// resource read's params, deep, once read as a URI template instead.
func TestParseCommandParamsDepth(t *testing.T) {
	for _, method := range []string{"ping", "resources/read", "prompts/get"} {
		// Given bare, or quoted as one word as exec passes an argument.
		for _, quote := range []string{"", "'"} {
			params := func(n int) string { return method + " " + quote + `{"x":` + nested(n) + `}` + quote }
			if cmd, err := ParseCommand(params(9998)); err != nil || len(cmd.Params) == 0 {
				t.Errorf("%s with params 9999 levels deep, quoted %q: %.300v (params %d bytes), want them accepted as params", method, quote, err, len(cmd.Params))
			}
			_, err := ParseCommand(params(9999))
			want := "the params of " + method + " are nested too deep to send: 10000 levels, 1 past the 9999 the params object can hold"
			if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "not one JSON object") {
				t.Errorf("%s with params 10000 levels deep, quoted %q: %.300v, want %q", method, quote, err, want)
			}
		}
	}
}

// A URI template variable's := value past what encoding/json reads is
// refused as too deep, not as "invalid JSON after :=".
func TestFillTemplateDepth(t *testing.T) {
	_, _, err := FillTemplate("file:///{x}", []string{"x:=" + nested(10001)})
	want := "x: nested too deep to send: 10001 levels, 1 past the 10000 a := value can hold"
	if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "invalid") {
		t.Errorf("FillTemplate(x:= 10001 levels deep) = %.300v, want %q", err, want)
	}
	if _, _, err := FillTemplate("file:///{x}", []string{"x:={"}); err == nil || !strings.Contains(err.Error(), "x: invalid JSON after :=") {
		t.Errorf("FillTemplate(x:={) = %v, want it refused as invalid JSON", err)
	}
}

// A value a URI template cannot expand is refused quoting its start: a
// pasted document, here 5,000 levels of brackets, must not bury the message.
func TestFillTemplateQuotesLittleOfAValueItCannotTake(t *testing.T) {
	for _, words := range [][]string{
		{"x:=" + nested(5000)},
		{"x:=" + nested(5000), "x:=" + nested(5000)},
	} {
		_, _, err := FillTemplate("file:///{x}", words)
		if err == nil || !strings.Contains(err.Error(), "bytes)") || len(err.Error()) > 500 {
			t.Errorf("FillTemplate(%d words of 5,000 levels) = %.300v (%d bytes), want a short refusal naming the value's size", len(words), err, len(fmt.Sprint(err)))
		}
	}
}
