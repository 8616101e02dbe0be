package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The mime types of a listing are a column of their own: the descriptions
// after text/plain and application/octet-stream (server-everything's
// templates) start in one column, wrapped under it, where each began two
// spaces after its own mime type. A row with no mime type keeps the
// column blank.
func TestExecListingAlignsDescriptionsAfterMimeTypes(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		switch c.Method {
		case "resources/templates/list":
			c.Result(map[string]any{"resourceTemplates": []map[string]any{
				{"uriTemplate": "demo://text/{id}", "name": "text", "mimeType": "text/plain", "description": "Plaintext fabricated from the id"},
				{"uriTemplate": "demo://blob/{id}", "name": "blob", "mimeType": "application/octet-stream", "description": "Binary (base64) fabricated from the id, which must be an integer, a description long enough to wrap"},
				{"uriTemplate": "demo://none/{id}", "name": "none", "description": "No mime type"},
			}})
		case "resources/list":
			c.Result(map[string]any{"resources": []map[string]any{
				{"uri": "demo://a", "name": "a", "mimeType": "text/markdown", "size": 12, "description": "Sized"},
				{"uri": "demo://b", "name": "b", "size": 7, "description": "Sized, no type"},
			}})
		default:
			c.Default()
		}
	}})
	out := execAtWidth(t, srv.SSEURL(), 100, "templates") + execAtWidth(t, srv.SSEURL(), 100, "resources")
	want := strings.Join([]string{
		"demo://text/{id}  text/plain                text: Plaintext fabricated from the id",
		"demo://blob/{id}  application/octet-stream  blob: Binary (base64) fabricated from the id, which must",
		"                                            be an integer, a description long enough to wrap",
		"demo://none/{id}                            none: No mime type",
		"3 templates",
	}, "\n")
	if !strings.Contains(out, want) {
		t.Errorf("templates not in columns; want\n%s\nin\n%s", want, out)
	}
	want = strings.Join([]string{
		"demo://a  text/markdown, 12 bytes  a: Sized",
		"demo://b  7 bytes                  b: Sized, no type",
	}, "\n")
	if !strings.Contains(out, want) {
		t.Errorf("resources not in columns; want\n%s\nin\n%s", want, out)
	}
}
