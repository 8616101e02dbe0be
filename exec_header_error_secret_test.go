package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// An -H that cannot be sent is said by its name, not its value, which is a
// credential: a token read from a file with its newline printed the token
// in the error, to a shared terminal or a CI log.
func TestHeaderErrorsDoNotQuoteTheValue(t *testing.T) {
	url := demotest.Start(t, demo.Options{}).URL + "/mcp"
	for line, want := range map[string]string{
		"Authorization: Bearer SECRET-hdr-4d\n":   `-H "Authorization: …": a header cannot hold a line break`,
		"Authorization: Bearer SECRET-hdr-4d\x01": `-H "Authorization: …": the value holds the control character 0x01`,
		"X@Key: SECRET-hdr-4d":                    `-H "X@Key: …": the name "X@Key" is not a header name`,
		"X-Key SECRET-hdr-4d":                     `-H "X-Key …": a header is 'Name: value'`,
	} {
		for _, args := range [][]string{
			{"exec", "--no-record", "-H", line, url, "tools/list"},
			{"proxy", "--headless", "--no-record", "--listen", "127.0.0.1:0", "-H", line, url},
		} {
			out, errOut, code := run(t, args...)
			if code != exitUsage || !strings.Contains(errOut, want) || strings.Contains(out+errOut, "SECRET-hdr") {
				t.Errorf("%q: exit %d, want %d saying %q and not the value\n%s%s", args, code, exitUsage, want, out, errOut)
			}
		}
	}
}
