package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Tab on a form's string field (accept name=) has no value to put in; on
// the command line the hint says so, but under a question's answer
// nothing changed and the Tab looked ignored. It says so there too, until
// the answer changes.
func TestAskTabWithNothingToOfferSaysSo(t *testing.T) {
	m, _ := askModel(t, "elicitation/create", `{"message":"Who?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"},"ok":{"type":"boolean"}}}}`)
	typeKeys(m, "accept name=")
	press(m, "tab")
	if view := ansi.Strip(m.View()); !strings.Contains(view, "no values to offer for name: type one") {
		t.Errorf("a Tab on name= with nothing to offer said nothing:\n%s", view)
	}
	typeKeys(m, "A")
	if view := ansi.Strip(m.View()); strings.Contains(view, "no values to offer") {
		t.Errorf("typing after the Tab left its note:\n%s", view)
	}
}

// Tab on a form's value past the 4,096 members the schema reader keeps of
// an enum, or of a union of consts, says the list was cut, in the words
// the command line's hint uses: "no values to offer for c" alone read as
// if the form had no such value.
func TestAskTabPastACutEnumSaysItWasCut(t *testing.T) {
	for _, kw := range []string{"enum", "oneOf"} {
		members := make([]string, 5000)
		for i := range members {
			if members[i] = fmt.Sprintf(`"v%d"`, i); kw == "oneOf" {
				members[i] = `{"const":` + members[i] + `}`
			}
		}
		m, _ := askModel(t, "elicitation/create", `{"message":"Which?","requestedSchema":{"type":"object","properties":{"c":{"type":"string","`+kw+`":[`+strings.Join(members, ",")+`]}}}}`)
		typeKeys(m, "accept c=v4500")
		press(m, "tab")
		if view := ansi.Strip(m.View()); !strings.Contains(view, "no values to offer for c among the first 4096 of its enum's 5000: type one") {
			t.Errorf("%s of 5,000: a Tab past the cut did not say the list was cut:\n%s", kw, view)
		}
	}
}

// Tab on a bare value after accept ("accept Ann") found no key and left
// the answer row as it was: the Tab looked ignored until Enter refused the
// answer. It says now what Enter will, with the key it was meant for.
func TestAskTabOnABareValueNamesItsKey(t *testing.T) {
	m, _ := askModel(t, "elicitation/create", `{"message":"Who?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"},"ok":{"type":"boolean"}},"required":["name"]}}`)
	typeKeys(m, "accept Ann")
	press(m, "tab")
	if view := ansi.Strip(m.View()); !strings.Contains(view, "did you mean name=Ann?") {
		t.Errorf("a Tab on a bare value said nothing of its key:\n%s", view)
	}
	typeKeys(m, "e")
	if view := ansi.Strip(m.View()); strings.Contains(view, "did you mean") {
		t.Errorf("typing after the Tab left its note:\n%s", view)
	}
}

// Tab on a form's answer whose value holds a space, or was typed with
// spaces around its =, gave none of the advice the command line and exec
// give (the one table of it, command.WordsRefusal): "accept name=Ann Lee"
// was asked whether Lee was meant for another field.
func TestAskTabOnSpacedWordsGivesTheCommandLinesAdvice(t *testing.T) {
	for _, tc := range []struct{ typed, want string }{
		{"accept name=Ann Lee", `"Lee": a value with spaces goes in quotes: did you mean name='Ann Lee'?`},
		{"accept name= Ann", `"name= Ann": a key=value has no spaces around its =; did you mean name=Ann?`},
		{"accept name = Ann", `"name = Ann": a key=value has no spaces around its =; did you mean name=Ann?`},
		{"name=Ann copies:= 2", `"copies:= 2": a key=value has no spaces around its =; did you mean copies:=2?`},
		{"accept name =Ann", `"name =Ann": a key=value has no spaces around its =; did you mean name=Ann?`},
		{"accept name=Ann copies :=2", `"copies :=2": a key=value has no spaces around its =; did you mean copies:=2?`},
	} {
		m, _ := askModel(t, "elicitation/create", `{"message":"Who?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"},"copies":{"type":"integer"}},"required":["name"]}}`)
		typeKeys(m, tc.typed)
		press(m, "tab")
		if view := ansi.Strip(m.View()); !strings.Contains(view, tc.want) {
			t.Errorf("%q then Tab: the answer's note does not say %q:\n%s", tc.typed, tc.want, view)
		}
	}
}
