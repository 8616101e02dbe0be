package ui

import (
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
