package command

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A form's string fields with a format an elicitation may name (email,
// uri, date, date-time) say it where the form is described, and a value
// that breaks it is warned of before the answer goes: server-everything's
// trigger-elicitation-request form took email=bad and birthdate=xyz with
// no word, and described them as plain strings.
func TestElicitationFormatsAreShownAndChecked(t *testing.T) {
	schema := `{"type":"object","properties":{
		"email":{"type":"string","format":"email"},
		"homepage":{"type":"string","format":"uri"},
		"birthdate":{"type":"string","format":"date"},
		"at":{"type":"string","format":"date-time"},
		"id":{"type":"string","format":"uuid"}}}`
	req := mcp.InputRequest{Method: "elicitation/create", Params: json.RawMessage(`{"message":"Who?","requestedSchema":` + schema + `}`)}
	desc := Describe(req)
	for _, want := range []string{"email: string (email)", "homepage: string (uri)", "birthdate: string (date)", "at: string (date-time)", "id: string (uuid)"} {
		if !strings.Contains(desc, want) {
			t.Errorf("the form is described %q, which does not say %q", desc, want)
		}
	}
	for _, tc := range []struct {
		line string
		want []string // the keys warned of
	}{
		{"accept email=ann@example.com homepage=https://example.com/ann birthdate=1990-02-03 at=2026-01-02T03:04:05Z id=x", nil},
		{"accept email=bad homepage=example.com birthdate=xyz at=2026-01-02 id=x", []string{"email", "homepage", "birthdate", "at"}},
		{`accept email="Ann <ann@example.com>" homepage="https://example.com/a b"`, []string{"email", "homepage"}},
	} {
		res, warns, err := ParseAnswer(req, tc.line)
		if err != nil || res == nil {
			t.Errorf("ParseAnswer(%q) = %s, %v: want the answer despite warnings", tc.line, res, err)
			continue
		}
		var got []string
		for _, w := range warns {
			got = append(got, w.Key)
			if !strings.Contains(w.Message, "(format ") {
				t.Errorf("ParseAnswer(%q) warns %q, which does not name the format", tc.line, w.Message)
			}
		}
		if strings.Join(got, ",") != strings.Join(tc.want, ",") {
			t.Errorf("ParseAnswer(%q) warns of %v, want %v", tc.line, got, tc.want)
		}
	}
}
