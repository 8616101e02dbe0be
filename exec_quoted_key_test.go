package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A quoted first word that reads as its method's own key=value
// ('uri=demo://readme', 'name=greet') is a URI or name as the server
// listed it, sent whole, key= and all; but the send said nothing of it,
// and `resources/read 'uri=demo://readme'` failed as "Resource not found"
// with no word of the uri= it sent. It says now what went and the line
// that reads what was most likely meant.
func TestExecQuotedKeyValueNameIsSaid(t *testing.T) {
	srv := demotest.Start(t, demo.Options{})
	for line, want := range map[string]string{
		"resources/read 'uri=demo://readme'": `warning: "uri=demo://readme" is quoted, so it is sent whole as the URI, uri= and all; for the URI "demo://readme", leave out uri=: resources/read demo://readme`,
		"prompts/get 'name=review_code'":     `warning: "name=review_code" is quoted, so it is sent whole as the prompt's name, name= and all; for the prompt "review_code", leave out name=: prompts/get review_code`,
		`tools/call "name=greet" name=Ann`:   `warning: "name=greet" is quoted, so it is sent whole as the tool's name, name= and all; for the tool "greet", leave out name=: tools/call greet`,
	} {
		out, errOut, _ := run(t, "exec", "--no-record", srv.MCPURL(), line)
		if !strings.Contains(out+errOut, want) {
			t.Errorf("%s: stdout %q, stderr %q do not say %q", line, out, errOut, want)
		}
	}
	// Unquoted, the generic forms are what they say, with no warning.
	for _, line := range []string{"resources/read uri=demo://readme", "tools/call greet name=Ann"} {
		out, errOut, code := run(t, "exec", "--no-record", srv.MCPURL(), line)
		if code != 0 || strings.Contains(out+errOut, "warning") {
			t.Errorf("%s: exit %d, a warning where none was due:\n%s\n%s", line, code, out, errOut)
		}
	}
}
