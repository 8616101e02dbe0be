package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The box of a URL-mode elicitation says which host the URL opens, or why
// it must not be opened: mcpscope opens nothing, the person copies it.
func TestAskURLSaysWhereItGoes(t *testing.T) {
	for _, c := range []struct{ url, want, not string }{
		{"javascript:alert(document.cookie)//https://bank.example/", "careful: a javascript: URL, not http(s): do not open it", "open javascript"},
		{"https://bank.example@evil.example/login", "careful: it opens evil.example: what comes before the @ is a user name", "open https"},
		{"https://bank.example/login", "a page on bank.example", "careful"},
	} {
		m, _ := askModel(t, "elicitation/create", `{"mode":"url","message":"Sign in","elicitationId":"1","url":"`+c.url+`"}`)
		view := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
		if !strings.Contains(view, c.want) || !strings.Contains(view, c.url) || strings.Contains(view, c.not) {
			t.Errorf("%s: the box lacks %q or the URL, or says %q:\n%s", c.url, c.want, c.not, ansi.Strip(m.View()))
		}
	}
}
