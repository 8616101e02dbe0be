package main

import (
	"encoding/json"
	"io"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// toolContent is a content block of a tool result as exec reads it: the
// text of a text block stays JSON until it is printed. A 60 MB answer is
// then held as the answer's bytes and one copy of its JSON text, where
// decoding it to a string, sanitizing that and formatting the line held it
// four times over.
type toolContent struct {
	command.Content
	// Text shadows Content.Text (encoding/json takes the shallower field).
	Text json.RawMessage `json:"text,omitempty"`
}

// textOK reports whether the block's text is what a string field accepts:
// absent, null or a JSON string. Anything else fails the result's decoding,
// as it did when the text was decoded as a string.
func (c *toolContent) textOK() bool {
	return len(c.Text) == 0 || string(c.Text) == "null" || c.Text[0] == '"'
}

// summary is the block as printed, sanitized, for every block but text.
func (c *toolContent) summary() string { return sanitize.Text(c.Content.Summary()) }

// printText writes the sanitized text of a JSON string and a newline. Text
// that sanitize.Text leaves as it is (printable ASCII and newlines, nearly
// every large answer) is written as it is decoded, a piece at a time;
// anything else is decoded whole and sanitized, as before.
func printText(w io.Writer, raw json.RawMessage) {
	plain := true
	ok := jsonspan.Pieces(raw, func(p []byte) {
		for _, c := range p {
			if (c < 0x20 || c >= 0x7f) && c != '\n' {
				plain = false
				return
			}
		}
	})
	if ok && plain {
		jsonspan.Pieces(raw, func(p []byte) { w.Write(p) })
		io.WriteString(w, "\n")
		return
	}
	var s string
	if len(raw) > 0 && string(raw) != "null" {
		if s, ok = jsonspan.Unquote(raw); !ok {
			json.Unmarshal(raw, &s)
		}
	}
	io.WriteString(w, sanitize.Text(s))
	io.WriteString(w, "\n")
}
