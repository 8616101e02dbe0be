package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A form whose schema nests deeper than encoding/json reads still shows
// its message and its readable fields.
func TestAskDeepFormKeepsItsMessage(t *testing.T) {
	deep := strings.Repeat(`{"type":"object","properties":{"x":`, 6000) + `{"type":"string"}` + strings.Repeat(`}}`, 6000)
	m, _ := askModel(t, "elicitation/create", `{"message":"Deploy now?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"},"deep":`+deep+`},"required":["name"]}}`)
	view := ansi.Strip(m.View())
	for _, want := range []string{"Deploy now?", "name: string, required"} {
		if !strings.Contains(view, want) {
			t.Errorf("the box lacks %q:\n%s", want, view)
		}
	}
}
