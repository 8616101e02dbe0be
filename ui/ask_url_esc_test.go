package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A URL-mode elicitation asks the person to open a link; it has no form,
// and the hint said esc "cancels the form". It says it cancels, as the
// box's words do ("then: accept (done) · decline · cancel").
func TestAskURLEscSaysNoForm(t *testing.T) {
	m, _ := askModel(t, "elicitation/create", `{"mode":"url","message":"Link your account","elicitationId":"1","url":"https://example.com/link"}`)
	rows := strings.Split(ansi.Strip(m.View()), "\n")
	bar, hint := rows[len(rows)-1], rows[len(rows)-2]
	if strings.Contains(bar+hint, "the form") {
		t.Errorf("a link's question speaks of a form: status %q, hint %q", bar, hint)
	}
	if !strings.Contains(bar, "answer the question above") || !strings.Contains(hint, "esc cancels ·") {
		t.Errorf("status %q and hint %q, want the hint to say esc cancels", bar, hint)
	}
}
