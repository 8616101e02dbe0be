package ui

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/textinput"
)

// y and yes accept a form on Enter, so Tab offers the form's fields after
// them as after accept, and the note under the answer reads a bare value
// after them as accept's: both knew only accept, and after "y " Tab put
// nothing in and said nothing, as after decline.
func TestAskFormYesAcceptsForTabAndNote(t *testing.T) {
	f := parseForm(json.RawMessage(`{"message":"Who?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}}`))
	for _, first := range []string{"accept", "yes", "y", "Y"} {
		if got := formCompletion(f, first+" ").items; strings.Join(got, "|") != "name=" {
			t.Errorf("%q: Tab offers %q, want name=", first+" ", got)
		}
		a := &askPrompt{input: textinput.New(), form: f}
		a.input.SetValue(first + " Ann")
		a.input.CursorEnd()
		if note := a.nothingToComplete(); !strings.Contains(note, "name=Ann") {
			t.Errorf("%q: the note is %q, want the key it was meant for (name=Ann)", first+" Ann", note)
		}
	}
	if got := formCompletion(f, "n ").items; len(got) != 0 {
		t.Errorf(`"n " (decline) offers %q, want nothing`, got)
	}
}
