package main

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// On a terminal of 80 columns a tools/list of long descriptions and many
// arguments (server-everything's) is wrapped at spaces into its columns:
// the terminal broke each line mid-word at its left edge, so the
// descriptions ran under the names. Off a terminal each stays one line.
func TestExecToolListWrapsToTheTerminal(t *testing.T) {
	desc := "Trigger a URL elicitation so the client can direct the user to a browser flow. Supports two mechanisms: the request path and the error path."
	srv := mcptest.New(t, mcptest.Options{Tools: []mcptest.Tool{{
		Name: "trigger-url-elicitation", Description: desc,
		InputSchema: []byte(`{"type":"object","properties":{"url":{"type":"string"},"message":{"type":"string"},"elicitationId":{"type":"string"},"errorPath":{"type":"boolean"},"location":{"enum":["New York","Chicago"]}},"required":["url"]}`),
	}}})
	out := execAtWidth(t, srv.SSEURL(), 80, "tools/list")
	listing := out[strings.Index(out, "── tools/list"):]
	lines := strings.Split(strings.TrimSuffix(listing, "\n"), "\n")
	col := len("trigger-url-elicitation  ")
	for _, l := range lines {
		if n := utf8.RuneCountInString(l); n > 80 {
			t.Errorf("a line of %d columns, past the terminal's 80: %q", n, l)
		}
	}
	body := []string{strings.TrimPrefix(lines[1], "trigger-url-elicitation  ")}
	for _, l := range lines[2:] {
		if strings.HasPrefix(l, "1 tool") {
			break
		}
		if !strings.HasPrefix(l, strings.Repeat(" ", col)) {
			t.Errorf("a wrapped line does not start in the description's column %d: %q", col, l)
		}
		body = append(body, strings.TrimSpace(l))
	}
	if whole := strings.Join(strings.Fields(strings.Join(body, " ")), " "); !strings.Contains(whole, desc) || !strings.Contains(whole, `location: enum: "New York"|Chicago`) {
		t.Errorf("the wrapped listing lost words of the description or arguments:\n%s", listing)
	}
	for _, l := range body {
		if strings.HasSuffix(l, ":") {
			t.Errorf("an argument's name is parted from its type at a line's end: %q", l)
		}
	}

	piped, errPiped, code := run(t, "exec", "--no-record", srv.SSEURL(), "tools/list")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errPiped)
	}
	if !strings.Contains(piped, "  "+desc+"\n") {
		t.Errorf("off a terminal the description is not one line:\n%s", piped)
	}
}

// A listing whose names leave less than minWrapRoom of the 80 columns
// (server-everything's resource URIs) goes on under each row, indented by
// hangIndent, instead of a narrow column of a few words a line.
func TestExecResourceListWrapsUnderANarrowColumn(t *testing.T) {
	uri := "demo://resource/static/document/architecture.md"
	srv := mcptest.New(t, mcptest.Options{Capabilities: resourcesDeclared, Handle: func(c *mcptest.Call) {
		if c.Method != "resources/list" {
			c.Default()
			return
		}
		c.Result(map[string]any{"resources": []map[string]any{{"uri": uri, "name": "arch", "mimeType": "text/markdown", "description": "Static document file exposed from /docs: architecture.md, of how the parts fit together"}}})
	}})
	out := execAtWidth(t, srv.SSEURL(), 80, "resources/list")
	listing := out[strings.Index(out, "── resources/list"):]
	lines := strings.Split(listing, "\n")
	if !strings.HasPrefix(lines[1], uri+"  text/markdown  arch: Static") || utf8.RuneCountInString(lines[1]) > 80 {
		t.Errorf("the row does not begin with the resource and fill the line:\n%s", listing)
	}
	if want := "    document file exposed from /docs: architecture.md, of how the parts fit"; lines[2] != want {
		t.Errorf("the description does not go on under the row, indented by 4:\ngot  %q\nwant %q\n%s", lines[2], want, listing)
	}
}

// resourcesDeclared are the capabilities of a legacy fake whose Handle
// lists resources: one declaring tools alone that answered would be noted
// as contradicting itself.
var resourcesDeclared = map[string]any{"tools": map[string]any{}, "resources": map[string]any{}}
