package mcp

import (
	"strings"
	"testing"
)

// The round's own method, a user's word, is cut as every name is in what
// the round's error says: a 180-byte one was quoted whole, twice.
func TestInputRequiredErrorCutsItsOwnLongMethod(t *testing.T) {
	for _, e := range []*InputRequiredError{
		{Method: longMethod, Missing: []InputRequest{{Method: "elicitation/create"}}},
		{Method: longMethod, Missing: []InputRequest{{Method: "elicitation/create"}}, Reasons: []error{ErrUnanswered}},
		{Method: longMethod, Missing: []InputRequest{{Method: "sampling/createMessage"}}, Reasons: []error{ErrDeclined}},
	} {
		got := e.Error()
		if !strings.Contains(got, longMethodShown) || strings.Contains(got, longMethod) {
			t.Errorf("the round's error does not name its method as %q:\n%s", longMethodShown, got)
		}
	}
}
