package command

import (
	"strings"
	"testing"
)

// An object quoted as one word with blanks inside the quotes (as
// "$(cat args.json)" or a paste brings them) is the arguments or params,
// as the same object typed verbatim is, not a word refused as no
// key=value.
func TestQuotedObjectWithBlanksIsTheObject(t *testing.T) {
	for _, line := range []string{
		"tools/call greet ' {\"name\":\"Ann\"}'",
		"tools/call greet '{\"name\":\"Ann\"} '",
		"tools/call greet \"\n\t{\\\"name\\\":\\\"Ann\\\"}\n\"",
	} {
		c, err := ParseCommand(line)
		if err != nil || string(c.Arguments) != `{"name":"Ann"}` || len(c.Words) != 0 {
			t.Errorf("ParseCommand(%q) = arguments %q words %q, %v; want the object", line, c.Arguments, c.Words, err)
		}
	}
	for _, line := range []string{"ping ' {\"_meta\":{}} '", "resources/subscribe '{\"uri\":\"x\"} '", "prompts/get '\t{\"name\":\"p\"}'"} {
		c, err := ParseCommand(line)
		if err != nil || c.Params == nil || string(c.Params) != strings.TrimSpace(string(c.Params)) || len(c.Words) != 0 || c.Target != "" {
			t.Errorf("ParseCommand(%q) = params %q target %q words %q, %v; want the object", line, c.Params, c.Target, c.Words, err)
		}
	}
}
