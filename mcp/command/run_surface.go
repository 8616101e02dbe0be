package command

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/mcp"
)

// listKeys name the array each list method pages.
var listKeys = map[string]string{
	"resources/list": "resources", "resources/templates/list": "resourceTemplates", "prompts/list": "prompts",
	"tasks/list": "tasks",
}

// runList asks for a list, every page with --all, as one answer.
func runList(ctx context.Context, s Session, c Command, cat *catalog) (*mcp.Response, []ArgWarning, error) {
	cursor, err := listCursor(c)
	if err != nil {
		return nil, nil, err
	}
	pages, err := s.ListPages(ctx, c.Method, cursor, c.All)
	resp := mergePages(pages, listKeys[c.Method])
	if err == nil && resp != nil && c.Method == "prompts/list" {
		cat.keep(resp.Result)
	}
	return resp, nil, err
}

// listCursor reads the one cursor=X a list may be given: cursor= with no
// text is the first page, cursor="" the page the empty cursor names. A
// Command not typed (built by hand) is refused in ParseCommand's words.
func listCursor(c Command) (mcp.Cursor, error) {
	if err := listWords(c); err != nil {
		return mcp.Cursor{}, &UsageError{Err: err}
	}
	if len(c.Words) == 0 {
		return mcp.Cursor{Named: c.EmptyCursor}, nil
	}
	return mcp.CursorAt(strings.TrimPrefix(c.Words[0], "cursor=")), nil
}

// mergePages is the answer of a paged list as one: the last page's, with
// the items of every page under key and no nextCursor. One page is
// returned as it came.
func mergePages(pages []*mcp.Response, key string) *mcp.Response {
	if len(pages) == 0 {
		return nil
	}
	last := pages[len(pages)-1]
	if len(pages) == 1 || last.Result == nil {
		return last
	}
	var items []json.RawMessage
	for _, p := range pages {
		var r map[string]json.RawMessage
		var arr []json.RawMessage
		if json.Unmarshal(p.Result, &r) == nil && json.Unmarshal(r[key], &arr) == nil {
			items = append(items, arr...)
		}
	}
	if items == nil {
		items = []json.RawMessage{}
	}
	result, ok := withItems(last.Result, key, items)
	if !ok {
		return last
	}
	return last.WithResult(result)
}

// allTools is the answer of tools/list --all as one: the last page's, with
// every page's entries when there were more pages than one. Each tool is
// the entry the server sent (Tool.Raw), annotations, execution and all:
// a merged list says of a tool what its page said. An entry no page could
// read stays where its page had it, and is said as the last page's are
// (ToolPage.AllUnreadable): it dropped out of the merged list unsaid. Those
// past the first mcp.UnreadableKept are counted, not kept, so the merged
// list holds only the first few (each page's answer has them all). The
// merged answer carries the tools as read, marks and all, so it is not
// read again.
func allTools(last *mcp.Response, tools []mcp.Tool) *mcp.Response {
	if last == nil || last.Result == nil {
		return last
	}
	page, err := last.Tools()
	if err != nil || len(page.Tools) >= len(tools) && len(page.AllUnreadable)+page.AllUnreadableMore <= len(page.Unreadable)+page.UnreadableMore {
		return last
	}
	bad := page.AllUnreadable
	items := make([]json.RawMessage, 0, len(tools)+len(bad))
	for _, t := range tools {
		for len(bad) > 0 && bad[0].Index <= len(items) {
			items, bad = append(items, bad[0].Raw), bad[1:]
		}
		raw := t.Raw
		if raw == nil {
			// A tool not read from an answer (a Session of another
			// kind): its fields are all there is.
			raw, _ = json.Marshal(t)
		}
		items = append(items, raw)
	}
	for _, u := range bad {
		items = append(items, u.Raw)
	}
	result, ok := withItems(last.Result, "tools", items)
	if !ok {
		return last
	}
	return last.WithTools(result, mcp.ToolPage{Tools: tools, Unreadable: page.AllUnreadable, UnreadableMore: page.AllUnreadableMore, HeadersRead: page.HeadersRead})
}

// withItems is result with items under key and no nextCursor: a merged
// list reads as one page that holds them all. A result that is not a JSON
// object is not (false); null decodes without error to no map, so it is
// checked for too.
func withItems(result json.RawMessage, key string, items any) (json.RawMessage, bool) {
	var obj map[string]json.RawMessage
	if json.Unmarshal(result, &obj) != nil || obj == nil {
		return nil, false
	}
	obj[key], _ = json.Marshal(items)
	delete(obj, "nextCursor")
	merged, _ := json.Marshal(obj)
	return merged, true
}

// runResource reads, subscribes to or unsubscribes from a URI, or from the
// URI a template filled with the command's words makes.
func runResource(ctx context.Context, s Session, c Command) (*mcp.Response, []ArgWarning, error) {
	uri := c.Target
	var warnings []ArgWarning
	if IsTemplate(c.Target) {
		var err error
		uri, warnings, err = FillTemplate(c.Target, c.Words)
		if err != nil {
			return nil, warnings, &UsageError{Err: err}
		}
	} else if len(c.Words) > 0 {
		return nil, nil, &UsageError{Err: fmt.Errorf("%s %s: a URI takes no key=value words; only a template is filled with them", c.Method, clip.Quote(c.Target, quotedValue))}
	}
	switch c.Method {
	case "resources/subscribe":
		r, err := s.Subscribe(ctx, uri)
		return r, warnings, err
	case "resources/unsubscribe":
		r, err := s.Unsubscribe(ctx, uri)
		return r, warnings, err
	}
	params, _ := json.Marshal(map[string]string{"uri": uri})
	r, err := mcp.Checked(s.Request(ctx, c.Method, params))
	return r, warnings, err
}

// PromptArgs reads prompts/get's words against the prompt as it was
// listed (nil when it was not): its arguments are strings, so a required
// one missing, a word it does not take, or a value that is not a string is
// warned of, as tools/call's words are against the tool's schema.
func PromptArgs(p *Prompt, words []string) (*Args, []ArgWarning, error) {
	var schema *Schema
	var warnings []ArgWarning
	if p != nil {
		schema = PromptSchema(*p)
		if len(p.Arguments) == 0 && len(words) > 0 {
			warnings = append(warnings, ArgWarning{Message: "prompt " + p.Name + " takes no arguments"})
		}
	}
	args, w, err := ParseArgs(words, schema)
	warnings = append(warnings, w...)
	if err != nil {
		return nil, warnings, err
	}
	for _, k := range args.Keys {
		if v := args.Values[k]; len(v) > 0 && v[0] != '"' {
			warnings = append(warnings, ArgWarning{Key: k, Message: "prompt arguments are strings; sending " + string(v) + " as typed"})
		}
	}
	return args, warnings, nil
}

// runPrompt gets a prompt with its arguments, which are strings, checked
// against the arguments the prompt was listed with, as cat (never nil:
// run makes one) holds them.
func runPrompt(ctx context.Context, s Session, c Command, cat *catalog) (*mcp.Response, []ArgWarning, error) {
	p, known := cat.prompt(c.Target)
	var warnings []ArgWarning
	if !known {
		// Not seen yet, or added since: list them so the arguments can
		// be checked.
		pages, err := s.ListPages(ctx, "prompts/list", mcp.Cursor{}, true)
		if err != nil && ctx.Err() != nil {
			// Given up on while listing: nothing more is sent.
			return nil, nil, err
		}
		if err != nil {
			warnings = append(warnings, ArgWarning{Message: "could not list the prompts to check the arguments (" + err.Error() + "); sending anyway",
				Short: "the prompts could not be listed to check the arguments"})
		} else {
			cat.keep(mergePages(pages, "prompts").Result)
			if p, known = cat.prompt(c.Target); !known {
				warnings = append(warnings, ArgWarning{Message: fmt.Sprintf("prompt %q is not in prompts/list (known: %s); sending anyway", c.Target, cat.names()),
					Short: fmt.Sprintf("prompt %q is not in prompts/list", c.Target)})
			}
		}
	}
	var listed *Prompt
	if known {
		listed = &p
	}
	args, w, err := PromptArgs(listed, c.Words)
	warnings = append(warnings, w...)
	if err != nil {
		return nil, warnings, &UsageError{Err: err}
	}
	raw, _ := args.MarshalJSON()
	name, _ := json.Marshal(c.Target)
	// Built by hand so := values reach the wire exactly as typed.
	params := json.RawMessage(`{"name":` + string(name) + `,"arguments":` + string(raw) + `}`)
	r, err := mcp.Checked(s.Request(ctx, "prompts/get", params))
	return r, warnings, err
}

// PromptSchema is a prompt's arguments as an object schema of strings,
// for ParseArgs: what prompts/get checks its words against, here and on
// the TUI's command line before sending.
func PromptSchema(p Prompt) *Schema {
	s := &Schema{Type: []string{"object"}}
	for _, a := range p.Arguments {
		s.Properties = append(s.Properties, Property{Name: a.Name, Schema: &Schema{Type: []string{"string"}, Description: a.Description}, Required: a.Required})
		if a.Required {
			s.Required = append(s.Required, a.Name)
		}
	}
	return s
}

// catalog keeps the prompts a Runner has seen listed, for checking
// prompts/get.
type catalog struct {
	mu      sync.Mutex
	prompts map[string]Prompt
}

// keep adds the prompts of a prompts/list result.
func (c *catalog) keep(result json.RawMessage) {
	if c == nil {
		return
	}
	page, err := ParsePrompts(result)
	ps := page.Items
	if err != nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.prompts == nil {
		c.prompts = map[string]Prompt{}
	}
	for _, p := range ps {
		c.prompts[p.Name] = p
	}
}

func (c *catalog) prompt(name string) (Prompt, bool) {
	if c == nil {
		return Prompt{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	p, ok := c.prompts[name]
	return p, ok
}

func (c *catalog) names() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.prompts) == 0 {
		return "none"
	}
	names := make([]string, 0, len(c.prompts))
	for n := range c.prompts {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}
