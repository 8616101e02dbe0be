package command

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/mcpscope/mcpscope/internal/clip"
)

// Annotations are what a content block or a resource says of how it is to
// be used (the specification's Annotations): whom it is for, how much it
// matters (priority, 0 to 1) and when it last changed. Reading them never
// fails: a member of another type is kept as it came, so a server's odd
// annotations are shown rather than making the whole result unreadable.
type Annotations struct {
	Audience     []string
	Priority     *float64
	LastModified string
	// odd are the members that are not of their type, as "key JSON"
	// (clipped), or the whole value when it is no object.
	odd []string
}

// maxOddAnnotation bounds how much of an odd member is quoted.
const maxOddAnnotation = 64

// UnmarshalJSON reads the members it knows; see Annotations.
func (a *Annotations) UnmarshalJSON(b []byte) error {
	*a = Annotations{}
	var m map[string]json.RawMessage
	if json.Unmarshal(b, &m) != nil {
		a.odd = append(a.odd, oddJSON(b))
		return nil
	}
	odd := func(key string, v json.RawMessage) { a.odd = append(a.odd, key+" "+oddJSON(v)) }
	if v, ok := m["audience"]; ok && string(v) != "null" && json.Unmarshal(v, &a.Audience) != nil {
		a.Audience = nil
		odd("audience", v)
	}
	if v, ok := m["priority"]; ok && string(v) != "null" && json.Unmarshal(v, &a.Priority) != nil {
		a.Priority = nil
		odd("priority", v)
	}
	if v, ok := m["lastModified"]; ok && string(v) != "null" && json.Unmarshal(v, &a.LastModified) != nil {
		odd("lastModified", v)
	}
	return nil
}

// oddJSON is a value of the wrong type as compact JSON, clipped.
func oddJSON(v []byte) string {
	var b bytes.Buffer
	if json.Compact(&b, v) == nil {
		v = b.Bytes()
	}
	return clip.Quote(string(v), maxOddAnnotation)
}

// String is the annotations in brief, as exec and the TUI's Detail show
// them: "for: user, assistant · priority 0.9 · modified
// 2025-01-12T15:00:58Z"; "" when they say nothing. It is server text:
// sanitize it before printing.
func (a *Annotations) String() string {
	if a == nil {
		return ""
	}
	var parts []string
	if len(a.Audience) > 0 {
		// The roles are user and assistant; a server may list thousands.
		parts = append(parts, "for: "+clip.ListFunc(a.Audience, 4, func(r string) string { return clip.Quote(r, maxOddAnnotation) }))
	}
	if a.Priority != nil {
		p := "priority " + strconv.FormatFloat(*a.Priority, 'g', -1, 64)
		if *a.Priority < 0 || *a.Priority > 1 {
			p += " (outside 0 to 1)"
		}
		parts = append(parts, p)
	}
	if a.LastModified != "" {
		parts = append(parts, "modified "+clip.Quote(a.LastModified, maxOddAnnotation))
	}
	parts = append(parts, a.odd...)
	return strings.Join(parts, " · ")
}

// AnnotatedBlock is a content block of a result that carries annotations:
// where it is ("content 2" of a tool result, "message 1" of a prompt), its
// type, and the annotations.
type AnnotatedBlock struct {
	Where       string
	Type        string
	Annotations *Annotations
}

// AnnotatedBlocks are the content blocks of a tool result (its content)
// or of a prompts/get result (its messages' content) that carry
// annotations saying something; none when the result is of neither shape.
func AnnotatedBlocks(result []byte) []AnnotatedBlock {
	var r struct {
		Content  []Content `json:"content"`
		Messages []Turn    `json:"messages"`
	}
	if json.Unmarshal(result, &r) != nil {
		return nil
	}
	var out []AnnotatedBlock
	add := func(where string, n int, c Content) {
		if c.Annotations.String() != "" {
			out = append(out, AnnotatedBlock{Where: where + " " + strconv.Itoa(n), Type: c.Type, Annotations: c.Annotations})
		}
	}
	for i, c := range r.Content {
		add("content", i+1, c)
	}
	for i, t := range r.Messages {
		add("message", i+1, t.Content)
	}
	return out
}
