package command

import (
	"cmp"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"path"
	"strconv"
	"strings"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/internal/jsonwhy"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
)

// The readers here turn results into what exec prints and the TUI draws.
// They return server text as it came: the caller sanitizes it for the
// terminal where it prints it.

// PromptArgument is one argument of a listed prompt.
type PromptArgument struct {
	Name        string `json:"name"`
	Title       string `json:"title,omitempty"`
	Description string `json:"description,omitempty"`
	Required    bool   `json:"required,omitempty"`
}

// Prompt is one entry of a prompts/list answer.
type Prompt struct {
	Name        string           `json:"name"`
	Title       string           `json:"title,omitempty"`
	Description string           `json:"description,omitempty"`
	Arguments   []PromptArgument `json:"arguments,omitempty"`
}

// Resource is one entry of a resources/list answer.
type Resource struct {
	URI         string `json:"uri"`
	Name        string `json:"name"`
	Title       string `json:"title,omitempty"`
	Description string `json:"description,omitempty"`
	MimeType    string `json:"mimeType,omitempty"`
	Size        *int64 `json:"size,omitempty"`
	// Annotations are whom the resource is for and how much it matters.
	Annotations *Annotations `json:"annotations,omitempty"`
}

// ResourceTemplate is one entry of a resources/templates/list answer.
type ResourceTemplate struct {
	URITemplate string `json:"uriTemplate"`
	Name        string `json:"name"`
	Title       string `json:"title,omitempty"`
	Description string `json:"description,omitempty"`
	MimeType    string `json:"mimeType,omitempty"`
	// Annotations are whom its resources are for and how much they matter.
	Annotations *Annotations `json:"annotations,omitempty"`
}

// Page is one page of a list result: its items, the next page's cursor,
// and the entries that could not be read as items.
type Page[T any] struct {
	Items []T
	Next  string
	// Unreadable says of the first mcp.UnreadableKept entries left out what
	// each is, "resources[1]: the entry is an integer (1), not an object":
	// without it a page of [1, null] listed as "0 resources", as if empty.
	Unreadable []string
	// UnreadableMore counts the entries left out past those: a page of a
	// million of them kept a reason each, megabytes that said no more
	// than the first few and their number.
	UnreadableMore int
}

// unreadable sets aside one entry left out of the page, the reason built
// (why) only for the few mcp.KeepUnreadable keeps.
func (p *Page[T]) unreadable(why func() string) {
	p.Unreadable = mcp.KeepUnreadable(p.Unreadable, &p.UnreadableMore, why)
}

// ParsePrompts reads the prompts and the next page's cursor of a
// prompts/list result.
func ParsePrompts(result json.RawMessage) (Page[Prompt], error) {
	return parsePage[Prompt](result, "prompts/list", "prompts")
}

// ParseResources reads the resources and the next page's cursor of a
// resources/list result.
func ParseResources(result json.RawMessage) (Page[Resource], error) {
	return parsePage[Resource](result, "resources/list", "resources")
}

// ParseTemplates reads the templates and the next page's cursor of a
// resources/templates/list result.
func ParseTemplates(result json.RawMessage) (Page[ResourceTemplate], error) {
	return parsePage[ResourceTemplate](result, "resources/templates/list", "resourceTemplates")
}

// parsePage reads one page of a list result: the items under member and
// nextCursor (names in any case, as encoding/json reads a struct), with the
// one JSON scanner for the page and encoding/json for
// each item, so one item it cannot read (nested past its 10,000 levels, or
// not an object) is left out, not the page with it. A member of the wrong
// type (a size given as a string) costs that member, not the item:
// encoding/json reads the rest of the item around it.
// ObjectResult says, as an error, that method's result is no object (a
// string, null, an array), nil when it is one: encoding/json's words for
// it ("cannot unmarshal string into Go value of type struct {…}") named
// Go's types, not the answer's.
func ObjectResult(method string, result json.RawMessage) error {
	for _, c := range result {
		if c == '{' {
			return nil
		}
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			break
		}
	}
	doc, err := jsonspan.Parse(result, jsonspan.Limits{Depth: 1})
	if err != nil {
		return fmt.Errorf("the %s result is not readable: %v", method, err)
	}
	return fmt.Errorf("the %s result is %s, not an object", method, doc.Root().KindName())
}

func parsePage[T any](result json.RawMessage, method, member string) (Page[T], error) {
	var page Page[T]
	if err := ObjectResult(method, result); err != nil {
		return page, err
	}
	doc, err := jsonspan.Parse(result, jsonspan.Limits{Depth: 2})
	if err != nil {
		return page, fmt.Errorf("the %s result is not readable: %v", method, err)
	}
	root := doc.Root()
	// Names matched as encoding/json matches a struct's: in any case, the
	// last of a name counting.
	var cursor string
	var list jsonspan.Value
	for k, v := range root.Members() {
		switch {
		case strings.EqualFold(k, "nextCursor"):
			cursor, _ = v.Text()
		case strings.EqualFold(k, member):
			list = v
		}
	}
	page.Next = cursor
	switch list.Kind() {
	case 0, jsonspan.Null:
		return page, nil
	case jsonspan.Array:
	default:
		return Page[T]{}, fmt.Errorf("the %s result is not readable: its %q is %s, not an array", method, member, list.KindName())
	}
	// Grown as items are read, not made for every entry: a page of a
	// million 1s held room for a million items it never had.
	page.Items = make([]T, 0, min(list.Len(), 1024))
	i := -1
	for entry := range list.Elements() {
		i++
		if entry.Kind() != jsonspan.Object {
			page.unreadable(func() string {
				return fmt.Sprintf("%s[%d]: the entry is %s, not an object", member, i, mcp.KindOf(entry))
			})
			continue
		}
		var item T
		var typeErr *json.UnmarshalTypeError
		if err := json.Unmarshal(entry.Raw(), &item); err == nil || errors.As(err, &typeErr) {
			page.Items = append(page.Items, item)
		} else {
			page.unreadable(func() string { return fmt.Sprintf("%s[%d]: %v", member, i, err) })
		}
	}
	return page, nil
}

// Contents is one entry of a resources/read answer (or of an embedded
// resource): text, or a base64 blob.
type Contents struct {
	URI      string  `json:"uri"`
	MimeType string  `json:"mimeType,omitempty"`
	Text     *string `json:"text,omitempty"`
	Blob     *string `json:"blob,omitempty"`
}

// Bytes are the contents as a file holds them: the text as UTF-8, or the
// blob decoded.
func (c Contents) Bytes() ([]byte, error) {
	switch {
	case c.Blob != nil:
		b, err := base64.StdEncoding.DecodeString(*c.Blob)
		if err != nil {
			return nil, fmt.Errorf("the blob of %s is not base64: %v", c.URI, err)
		}
		return b, nil
	case c.Text != nil:
		return []byte(*c.Text), nil
	}
	return nil, nil
}

// ParseContents reads the contents of a resources/read result.
func ParseContents(result json.RawMessage) ([]Contents, error) {
	var r struct {
		Contents []Contents `json:"contents"`
	}
	if err := ObjectResult("resources/read", result); err != nil {
		return nil, err
	}
	if err := json.Unmarshal(result, &r); err != nil {
		return nil, fmt.Errorf("the resources/read result is not readable: %v", err)
	}
	return r.Contents, nil
}

// Content is one content block of a tool result or a prompt message.
type Content struct {
	Type     string    `json:"type"`
	Text     string    `json:"text,omitempty"`
	MimeType string    `json:"mimeType,omitempty"`
	Data     string    `json:"data,omitempty"`
	URI      string    `json:"uri,omitempty"`
	Name     string    `json:"name,omitempty"`
	Resource *Contents `json:"resource,omitempty"`
	// Title and Description are a resource link's, as resources/list
	// gives a resource's.
	Title       string `json:"title,omitempty"`
	Description string `json:"description,omitempty"`
	// Annotations are whom the block is for and how much it matters
	// (get-annotated-message in server-everything).
	Annotations *Annotations `json:"annotations,omitempty"`
}

// MimeTypeShown is a mimeType as a line shows it: one of which the
// sanitizer leaves nothing (escape sequences, bidi marks) is said to be
// invisible, where "()" showed nothing at all.
func MimeTypeShown(m string) string {
	if m != "" && strings.TrimSpace(sanitize.Line(m)) == "" {
		return "mimeType of invisible characters"
	}
	return m
}

// blobSize says how many bytes a base64 blob holds, or, when it is not
// base64, how many characters it has and that it is not; size is the
// bytes, -1 when it is not base64.
func blobSize(data string) (said string, size int) {
	n, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		return fmt.Sprintf("%d base64 characters, not valid base64", len(data)), -1
	}
	return fmt.Sprintf("%d bytes", len(n)), len(n)
}

// Summary is the block as one line for a person: the text of a text
// block, and for the others what they are, e.g. "[image image/png, 812
// bytes]" or "[resource notes://mcp (text/plain)]".
func (c Content) Summary() string {
	s, _ := c.SummaryBlob()
	return s
}

// SummaryBlob is Summary and how many bytes the block's base64 data holds
// (an image's or audio's data, an embedded resource's blob), -1 when it
// has none or it is not base64: exec says --save writes a block that has,
// and its data, megabytes of base64, is decoded once for both.
func (c Content) SummaryBlob() (summary string, blob int) {
	switch c.Type {
	case "text":
		return c.Text, -1
	case "image", "audio":
		said, n := blobSize(c.Data)
		return fmt.Sprintf("[%s %s, %s]", c.Type, MimeTypeShown(c.MimeType), said), n
	case "resource_link":
		// What resources/list would say of it: a link is to be read
		// later, and its name and description say whether to.
		s := "[resource link " + c.URI
		if c.MimeType != "" {
			s += " (" + MimeTypeShown(c.MimeType) + ")"
		}
		if n := cmp.Or(c.Title, c.Name); n != "" && n != path.Base(c.URI) {
			s += " " + n
		}
		// clip.FirstLine ends a line at a CR too, which a terminal obeys.
		if d := strings.TrimSpace(clip.FirstLine(strings.TrimSpace(c.Description))); d != "" {
			s += " — " + d
		}
		return s + "]", -1
	case "resource":
		if c.Resource == nil {
			return "[resource, empty]", -1
		}
		s := "[resource " + c.Resource.URI
		if c.Resource.MimeType != "" {
			s += " (" + MimeTypeShown(c.Resource.MimeType) + ")"
		}
		if c.Resource.Blob != nil {
			// A blob that is not base64 was "-1 bytes".
			said, n := blobSize(*c.Resource.Blob)
			return s + ", " + said + "]", n
		}
		s += "]"
		if c.Resource.Text != nil {
			s += "\n" + *c.Resource.Text
		}
		return s, -1
	}
	return "[" + c.Type + " content]", -1
}

// Turn is one message of a prompt, as a line of a conversation.
type Turn struct {
	Role    string  `json:"role"`
	Content Content `json:"content"`
	// Unreadable says why the message could not be read ("" when it
	// could): a role of 7 or a message of null costs that message alone,
	// not the conversation.
	Unreadable string `json:"-"`
}

// UnmarshalJSON reads one message and never fails: what is wrong with it
// goes in Unreadable.
func (t *Turn) UnmarshalJSON(b []byte) error {
	type plain Turn
	t.Unreadable = jsonwhy.Item(b, (*plain)(t))
	return nil
}

// maxTurnIndent bounds the indent of a turn's later lines: the role is
// server text, and indenting each of a text's lines by a role of a
// megabyte would print a megabyte per line.
const maxTurnIndent = 16

// String is the turn as "role: text", every line of a long text indented
// under the first (by as much as the role takes, up to maxTurnIndent),
// and the content's annotations, if any, on a line of their own under it.
func (t Turn) String() string {
	text := strings.TrimRight(t.Content.Summary(), "\n")
	if note := t.Content.Annotations.String(); note != "" {
		// Under the message, not in it: it is no word of the message.
		text += "\n(" + note + ")"
	}
	role := roleWord(t.Role)
	return role + ": " + strings.ReplaceAll(text, "\n", "\n"+strings.Repeat(" ", min(len(role)+2, maxTurnIndent)))
}

// ParseConversation reads a prompts/get result: its description and its
// messages in order, a message that cannot be read marked Unreadable.
func ParseConversation(result json.RawMessage) (string, []Turn, error) {
	var r struct {
		Description string `json:"description"`
		Messages    []Turn `json:"messages"`
	}
	if err := ObjectResult("prompts/get", result); err != nil {
		return "", nil, err
	}
	if err := json.Unmarshal(result, &r); err != nil {
		return "", nil, fmt.Errorf("the prompts/get result is not readable: %v", err)
	}
	return r.Description, r.Messages, nil
}

// MaxCompletionValues is the most values the specification lets a
// completion/complete answer hold; a server that sends more is past it, so
// what shows them prints this many and counts the rest.
const MaxCompletionValues = 100

// Completion is a completion/complete answer.
type Completion struct {
	Values  []string
	Total   *int
	HasMore bool
	// NotStrings counts the values that are not strings (a number, null,
	// an object): no command line can take them, so they are left out of
	// Values and said apart.
	NotStrings int
	// Odd says what of total and hasMore was not what the specification
	// describes (a total of -5 or "lots", a hasMore of "yes"), each read as
	// absent: without a word, "of -5" or a silent false read as the
	// server's meaning.
	Odd []string
}

// OddWords is Odd as the words after a completion's count, " (total -5 is
// not a count: left out)", "" when nothing was odd. Server text in it is
// quoted but not sanitized.
func (c Completion) OddWords() string {
	if len(c.Odd) == 0 {
		return ""
	}
	return " (" + strings.Join(c.Odd, "; ") + ")"
}

// ParseCompletion reads a completion/complete result. A member of the
// wrong type does not cost the rest: a hasMore of "yes" or a total of
// "lots" reads as absent and is said in Odd, and a value that is not a string is counted in
// NotStrings, so the values a server did offer are still offered.
func ParseCompletion(result json.RawMessage) (Completion, error) {
	var r struct {
		Completion struct {
			Values  []json.RawMessage `json:"values"`
			Total   json.RawMessage   `json:"total"`
			HasMore json.RawMessage   `json:"hasMore"`
		} `json:"completion"`
	}
	if err := ObjectResult("completion/complete", result); err != nil {
		return Completion{}, err
	}
	if err := json.Unmarshal(result, &r); err != nil {
		return Completion{}, fmt.Errorf("the completion/complete result is not readable: %v", err)
	}
	var c Completion
	c.Values = make([]string, 0, len(r.Completion.Values))
	for _, raw := range r.Completion.Values {
		var v string
		if json.Unmarshal(raw, &v) != nil || string(raw) == "null" {
			c.NotStrings++
			continue
		}
		c.Values = append(c.Values, v)
	}
	switch raw := r.Completion.Total; {
	case len(raw) == 0 || string(raw) == "null":
	default:
		if total, ok := countOf(raw); ok {
			c.Total = &total
		} else {
			c.Odd = append(c.Odd, "total "+mcp.Excerpt(raw)+" is not a count: left out")
		}
	}
	if raw := r.Completion.HasMore; len(raw) > 0 && string(raw) != "null" && json.Unmarshal(raw, &c.HasMore) != nil {
		c.Odd = append(c.Odd, "hasMore "+mcp.Excerpt(raw)+" is not a boolean: read as false")
	}
	return c, nil
}

// countOf reads a JSON number that is a count: whole and not negative,
// however written. JSON has one number type, and 5.0 or 5e0 is the count
// 5 to a JavaScript server as 5 is; encoding/json refuses them for an int,
// and a total of 5.0 was said to be no count. 5.5, -1 and 1e400 are not.
func countOf(raw json.RawMessage) (int, bool) {
	var n int
	if json.Unmarshal(raw, &n) == nil {
		return n, n >= 0
	}
	var num json.Number
	if json.Unmarshal(raw, &num) != nil {
		return 0, false
	}
	f, err := strconv.ParseFloat(num.String(), 64)
	// Below 2^53 a float64 holds every whole number exactly.
	if err != nil || f < 0 || f != math.Trunc(f) || f > 1<<53 {
		return 0, false
	}
	return int(f), true
}

// OddIsError says what a tools/call result's isError is when it is not a
// boolean (a string "yes", a number): the session reads only true as the
// tool failing, so without a word such a result read as plainly ok. ""
// when isError is a boolean, null or absent.
func OddIsError(result json.RawMessage) string {
	doc, err := jsonspan.Parse(result, jsonspan.Limits{Depth: 1})
	if err != nil {
		return ""
	}
	raw := doc.Root().Get("isError").Raw()
	if !mcp.IsErrorOdd(raw) {
		return ""
	}
	return "isError " + mcp.Excerpt(raw) + " is not a boolean: read as no error"
}
