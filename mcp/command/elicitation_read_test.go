package command

import (
	"strings"
	"testing"
)

// An elicitation's message, mode and URL are read after any number of
// other members: an index bounded at 4,096 members left them empty past
// it, and the prompt asked for nothing it could name.
func TestReadElicitationAfterManyMembers(t *testing.T) {
	params := `{` + strings.Repeat(`"m":1,`, 4100) + `"message":"hello","mode":"url","url":"https://example.com/a","requestedSchema":{"type":"object"}}`
	e := ReadElicitation([]byte(params))
	if e.Message != "hello" || e.Mode != "url" || e.URL != "https://example.com/a" || string(e.RequestedSchema) != `{"type":"object"}` {
		t.Errorf("ReadElicitation after 4,100 members = %+v, want the message, mode, url and schema read", e)
	}
	if e := ReadElicitation([]byte(`["message","hello"]`)); e.Message != "" {
		t.Errorf("ReadElicitation of an array = %+v, want nothing read", e)
	}
}
