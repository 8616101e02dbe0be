package main

import (
	"encoding/json"
	"errors"
	"io"
	"strings"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/internal/jsonwhy"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// toolContent is a content block of a tool result as exec reads it: the
// text of a text block is not decoded with the rest (textOf finds it in
// the block's bytes). A 60 MB answer is then printed from the block's
// bytes, where decoding the text to a string, sanitizing
// that and formatting the line held it four times over.
type toolContent struct {
	command.Content
	// Text shadows Content.Text (encoding/json takes the shallower field).
	Text textField `json:"text,omitempty"`
}

// contentItem is one block of a tool result's content, or why it cannot be
// read: a bare 7, null, a name that is a number.
type contentItem struct {
	toolContent
	unreadable string
}

// UnmarshalJSON reads one block and never fails, so the others are read.
func (c *contentItem) UnmarshalJSON(b []byte) error {
	c.unreadable = jsonwhy.Item(b, &c.toolContent)
	return nil
}

// textField checks that a block's text is what a string field accepts (a
// JSON string or null) without copying it: anything else makes the
// block unreadable, as it was when the text was decoded as a string.
type textField struct{}

var errTextNotString = errors.New(`its "text" is not a string`)

// UnmarshalJSON accepts a JSON string or null and keeps nothing of it.
func (*textField) UnmarshalJSON(b []byte) error { return startsWith(b, '"', errTextNotString) }

// startsWith is nil when the JSON value b starts with first, or is null,
// and err otherwise: the check of a field read for its type alone.
func startsWith(b []byte, first byte, err error) error {
	if len(b) > 0 && b[0] == first || string(b) == "null" {
		return nil
	}
	return err
}

// line is the block as printed, sanitized, for every block but text,
// with hint after it when --save writes the block as binary: an image's
// or audio's data, or an embedded resource's blob, that is base64 (a
// block that is not is said to be not, and is no file's contents).
func (c *toolContent) line(hint string) string {
	s, blob := c.Content.SummaryBlob()
	if blob < 0 {
		hint = ""
	}
	return sanitize.Text(s) + hint
}

// saveHint is what a binary content is printed with to say --save writes
// it, or nothing when --save is given (it then says what it wrote).
func (p *printer) saveHint() string {
	if p.savePath != "" {
		return ""
	}
	return " (--save FILE writes it)"
}

// contentList checks that a result's content is what a list of blocks
// accepts (a JSON array or null) without reading its blocks, which
// contentBlocks finds in the answer's bytes.
type contentList struct{}

var errContentNotList = errors.New(`its "content" is not a list`)

// UnmarshalJSON accepts a JSON array or null and keeps nothing of it.
func (*contentList) UnmarshalJSON(b []byte) error { return startsWith(b, '[', errContentNotList) }

// contentBlocks returns the JSON of each block of result's content, in
// order: parts of result, not copies, when the one JSON scanner reads the
// members as encoding/json does; encoding/json matches member names
// without regard to case and takes the last, so a result with "Content"
// or with "content" twice is read by encoding/json itself, into copies.
func contentBlocks(result []byte) []json.RawMessage {
	if doc, err := jsonspan.Parse(result, jsonspan.Limits{Depth: 2}); err == nil {
		if content, ok := onlyMember(doc.Root(), "content"); ok && content.Kind() != jsonspan.Object {
			blocks := make([]json.RawMessage, 0, content.Len())
			for el := range content.Elements() {
				blocks = append(blocks, el.Raw())
			}
			return blocks
		}
	}
	var v struct {
		Content []json.RawMessage `json:"content"`
	}
	json.Unmarshal(result, &v)
	return v.Content
}

// textOf returns the JSON of a content block's text (nil when it has
// none): a part of block, not a copy, when the one JSON scanner reads its
// members as encoding/json does; encoding/json matches member names
// without regard to case and takes the last, so a block with "text" twice
// or as "TEXT" is read by encoding/json itself, into a copy.
func textOf(block []byte) json.RawMessage {
	if doc, err := jsonspan.Parse(block, jsonspan.Limits{Depth: 1}); err == nil {
		if text, ok := onlyMember(doc.Root(), "text"); ok {
			return text.Raw()
		}
	}
	var v struct {
		Text json.RawMessage `json:"text"`
	}
	json.Unmarshal(block, &v)
	return v.Text
}

// onlyMember is v's member named name when encoding/json would read that
// one and no other (none is a Value that does not exist); it reports false
// when another member's name matches name but for case, or name is there
// twice.
func onlyMember(v jsonspan.Value, name string) (jsonspan.Value, bool) {
	n, exact := 0, false
	for key := range v.Members() {
		if strings.EqualFold(key, name) {
			n, exact = n+1, key == name
		}
	}
	if n == 0 {
		return jsonspan.Value{}, true
	}
	return v.Get(name), n == 1 && exact
}

// printText writes the sanitized text of a JSON string and a newline. Text
// that sanitize.Text leaves as it is (sanitize.TextKeeps: nearly every
// large answer) is written as it is decoded, a piece at a time;
// anything else is decoded whole and sanitized, as before.
func printText(w io.Writer, raw json.RawMessage) {
	plain := true
	ok := jsonspan.Pieces(raw, func(p []byte) { plain = plain && sanitize.TextKeeps(p) })
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
