package main

import (
	"encoding/base64"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A text/plain resource sent as a blob is shown as its text, made safe,
// not called "binary"; a blob that is not UTF-8 stays binary.
func TestExecShowsATextBlobAsText(t *testing.T) {
	srv := mcptest.OnMethod(t, "resources/read", func(x *mcptest.Exchange) {
		x.Result(map[string]any{"contents": []map[string]any{
			{"uri": "demo://text", "mimeType": "text/plain", "blob": base64.StdEncoding.EncodeToString([]byte("Resource 4: plain\x1b]0;title\x07 words\n"))},
			{"uri": "demo://raw", "mimeType": "text/plain", "blob": base64.StdEncoding.EncodeToString([]byte{0xff, 0xfe, 0x00})},
			{"uri": "demo://upper", "mimeType": "Text/Markdown", "blob": base64.StdEncoding.EncodeToString([]byte("# Title\n"))},
		}})
	})
	out, errOut, code := run(t, "exec", "--no-record", srv.Endpoint(), "read demo://text")
	if code != exitOK || !strings.Contains(out, "demo://text (text/plain): a blob of 34 bytes (--save FILE writes it), as text:\nResource 4: plain") {
		t.Errorf("exit %d, want the blob shown as text:\n%s\n%s", code, out, errOut)
	}
	if !strings.Contains(out, "demo://raw (text/plain): binary, 3 bytes") {
		t.Errorf("a blob that is not UTF-8 is not said to be binary:\n%s", out)
	}
	if !strings.Contains(out, "demo://upper (Text/Markdown): a blob of 8 bytes (--save FILE writes it), as text:\n# Title") {
		t.Errorf("a blob whose media type is written in capitals is not shown as text (media types are case-blind):\n%s", out)
	}
	if strings.ContainsAny(out, "\x1b\x07") {
		t.Errorf("the blob's text reaches the terminal with its control bytes: %q", out)
	}
}
