package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// The readable forms of the rest of the MCP surface: resources, templates,
// prompts, completions, log levels, and what a 2026 result says about
// itself. Server text goes through sanitize, as everywhere in exec.

// maxTypedCursor bounds the nextCursor quoted in the hint for the next
// page: real cursors are tokens of tens of bytes.
const maxTypedCursor = 4096

// count writes "N things", then and, words said after it (" and 2
// unreadable"), and says when more pages are left: next, the cursor of
// result, the page counted.
func (p *printer) count(n int, noun, and, next, method string, result json.RawMessage) {
	if n != 1 {
		noun += "s"
	}
	fmt.Fprintf(p.w, "%d %s%s", n, noun, and)
	switch {
	case len(next) > maxTypedCursor:
		// A line of a megabyte is no hint, and no shell takes such a
		// word (Linux bounds one at 128 KiB).
		fmt.Fprintf(p.w, " (more pages: use %s --all; the nextCursor is %d bytes, too long to give as cursor=X)", method, len(next))
	case next != "":
		fmt.Fprintf(p.w, " (more pages: use %s --all, or cursor=%s)", method, command.ShellValue(next))
	case p.modern() && mcp.EmptyNextCursor(result):
		// 2026-07-28: an empty nextCursor names a page, which --all
		// follows and cursor="" asks for; cursor= with no text asks
		// for the first.
		fmt.Fprintf(p.w, ` (more pages: use %s --all, or cursor=""; the nextCursor is the empty string, which 2026-07-28 counts as a page)`, method)
	}
	fmt.Fprintln(p.w)
}

// unreadable prints a line for each entry of a list page that could not
// be read, and is what the page's count says of them (" and 2
// unreadable"): left out without a word, a page of [1, null] listed as
// "0 resources", as if the server had none. more counts the entries
// past those whose reasons were kept.
func (p *printer) unreadable(entries []string, more int) string {
	for _, u := range entries[:min(len(entries), unreadableShown)] {
		fmt.Fprintf(p.w, "unreadable %s\n", sanitize.Line(u))
	}
	if n := len(entries) - min(len(entries), unreadableShown) + more; n > 0 {
		fmt.Fprintf(p.w, "unreadable: %d more, not shown\n", n)
	}
	if len(entries)+more == 0 {
		return ""
	}
	return fmt.Sprintf(" and %d unreadable", len(entries)+more)
}

// unreadableShown bounds the lines a page's unreadable entries take: a
// page of a million of them was a million lines, which say no more than
// the first few and the count. A list page keeps no more reasons than it
// (mcp.UnreadableKept), and counts the rest.
const unreadableShown = mcp.UnreadableKept

// unreadableResult shows a list result that could not be read at all (an
// array, "resources" a string): why, then the JSON as it came.
func (p *printer) unreadableResult(err error, result json.RawMessage) {
	fmt.Fprintf(p.w, "warning: %s\n", sanitize.Line(err.Error()))
	fmt.Fprintln(p.w, prettyJSON(result))
}

// listPage prints a page of method's list answer read by parse: a row
// each item, then how many (of noun) and what of the page was not read,
// and the next page's cursor; an answer not read at all, why and its JSON.
// It returns the items listed (none for an answer not read).
func listPage[T any](p *printer, result json.RawMessage, parse func(json.RawMessage) (command.Page[T], error), noun, method string, row func(T) entry) []T {
	page, err := parse(result)
	if err != nil {
		p.unreadableResult(err, result)
		return nil
	}
	rows := make([]entry, len(page.Items))
	for i, it := range page.Items {
		rows[i] = row(it)
	}
	p.columns(rows)
	p.count(len(page.Items), noun, p.unreadable(page.Unreadable, page.UnreadableMore), page.Next, method, result)
	return page.Items
}

func (p *printer) resources(result json.RawMessage) {
	listPage(p, result, command.ParseResources, "resource", "resources/list", func(r command.Resource) entry {
		kind := command.MimeTypeShown(r.MimeType)
		if r.Size != nil {
			kind = strings.TrimPrefix(kind+fmt.Sprintf(", %d bytes", *r.Size), ", ")
		}
		return entry{name: mcp.URIListed(r.URI), kind: kind, desc: named(r.Name, r.Title, withAnnotations(firstLine(r.Description), r.Annotations))}
	})
}

func (p *printer) templates(result json.RawMessage) {
	listPage(p, result, command.ParseTemplates, "template", "resources/templates/list", func(t command.ResourceTemplate) entry {
		return entry{name: mcp.URIListed(t.URITemplate), kind: command.MimeTypeShown(t.MimeType), desc: named(t.Name, t.Title, withAnnotations(firstLine(t.Description), t.Annotations))}
	})
}

// named is a listed resource's or template's description led by its name
// and title, "readme (The README): What it holds": the URI alone left the
// name a client shows for it unseen, a hostile one too. The name is
// listed as a tool's is (mcp.NameListed: escaped, in quotes, when the
// screen would hide some of it); the title as a tool's
// (history.TitleLine), left out when it only says the name again.
func named(name, title, desc string) string {
	lead := ""
	if name != "" {
		lead = mcp.NameListed(name)
	}
	if title = history.TitleLine(title); title != "" && title != history.TitleLine(name) {
		lead = strings.TrimPrefix(lead+" ("+title+")", " ")
	}
	switch {
	case lead == "":
		return desc
	case desc == "":
		return lead
	}
	return lead + ": " + desc
}

// withAnnotations is a listed resource's description followed by its
// annotations in brief, "(for: user · priority 0.5)".
func withAnnotations(desc string, a *command.Annotations) string {
	if note := a.String(); note != "" {
		return strings.TrimPrefix(desc+" ("+note+")", " ")
	}
	return desc
}

func (p *printer) prompts(result json.RawMessage) {
	listPage(p, result, command.ParsePrompts, "prompt", "prompts/list", func(pr command.Prompt) entry {
		args := make([]string, len(pr.Arguments))
		for j, a := range pr.Arguments {
			args[j] = a.Name
			if a.Required {
				args[j] += "*"
			}
		}
		return entry{name: mcp.NameListed(pr.Name), desc: firstLine(pr.Description), more: strings.Join(args, "  ")}
	})
}

// contents shows what a resources/read gave: text as it is, binary as its
// type and size (--save writes it to a file).
func (p *printer) contents(result json.RawMessage) {
	cs, err := command.ParseContents(result)
	if err != nil {
		p.unreadableResult(err, result)
		return
	}
	for _, c := range cs {
		head := c.URI
		if c.MimeType != "" {
			head += " (" + command.MimeTypeShown(c.MimeType) + ")"
		}
		switch {
		case c.Blob != nil:
			data, err := c.Bytes()
			if err != nil {
				fmt.Fprintf(p.w, "%s: binary, but the blob is not valid base64 (%d characters)\n", sanitize.Line(head), len(*c.Blob))
				continue
			}
			size, hint := len(data), p.saveHint()
			if strings.HasPrefix(strings.ToLower(c.MimeType), "text/") && utf8.Valid(data) {
				// Text sent as a blob (server-everything's dynamic
				// blobs are text/plain) is read as the text it is:
				// "binary" would be untrue, and hide it.
				fmt.Fprintf(p.w, "%s: a blob of %d bytes%s, as text:\n%s\n", sanitize.Line(head), size, hint, sanitize.Text(strings.TrimRight(string(data), "\n")))
				continue
			}
			fmt.Fprintf(p.w, "%s: binary, %d bytes%s\n", sanitize.Line(head), size, hint)
		case c.Text != nil:
			fmt.Fprintf(p.w, "%s:\n%s\n", sanitize.Line(head), sanitize.Text(strings.TrimRight(*c.Text, "\n")))
		default:
			fmt.Fprintf(p.w, "%s: neither text nor blob\n", sanitize.Line(head))
		}
	}
	if len(cs) == 0 {
		fmt.Fprintln(p.w, "no contents")
	}
}

// save writes the one content of a resources/read to path: the blob
// decoded, or the text, by saveContents.
func (p *printer) save(result json.RawMessage, path string, force bool) error {
	cs, err := command.ParseContents(result)
	if err != nil {
		return err
	}
	if len(cs) != 1 {
		// A few URIs, each cut: an answer may hold thousands.
		uris := clip.ListFunc(cs, mcp.MaxListed, func(c command.Contents) string { return clip.Quote(c.URI, 128) })
		return fmt.Errorf("--save writes one resource, and the answer holds %d (%s)", len(cs), uris)
	}
	return p.saveContents([]savable{{bytes: cs[0].Bytes}}, path, force)
}

// conversation shows a prompts/get as the messages it would start a
// conversation with.
func (p *printer) conversation(result json.RawMessage) {
	desc, turns, err := command.ParseConversation(result)
	if err != nil {
		p.unreadableResult(err, result)
		return
	}
	if desc != "" {
		fmt.Fprintf(p.w, "%s\n", sanitize.Text(desc))
	}
	for i, t := range turns {
		if t.Unreadable != "" {
			fmt.Fprintf(p.w, "unreadable messages[%d]: %s\n", i, sanitize.Line(t.Unreadable))
			continue
		}
		fmt.Fprintln(p.w, sanitize.Text(t.String()))
	}
}

func (p *printer) completion(result json.RawMessage) {
	c, err := command.ParseCompletion(result)
	if err != nil {
		p.unreadableResult(err, result)
		return
	}
	shown := c.Values[:min(len(c.Values), command.MaxCompletionValues)]
	for _, v := range shown {
		fmt.Fprintln(p.w, sanitize.Line(v))
	}
	noun := "values"
	if len(c.Values) == 1 {
		noun = "value"
	}
	fmt.Fprintf(p.w, "%d %s", len(c.Values), noun)
	if c.Total != nil && *c.Total != len(c.Values) {
		fmt.Fprintf(p.w, " of %d", *c.Total)
	}
	if c.HasMore {
		fmt.Fprint(p.w, " (the server has more)")
	}
	if hidden := len(c.Values) - len(shown); hidden > 0 {
		fmt.Fprintf(p.w, " (%d not shown: the specification allows at most %d)", hidden, command.MaxCompletionValues)
	}
	if c.NotStrings > 0 {
		fmt.Fprintf(p.w, " (%d more left out: not strings)", c.NotStrings)
	}
	fmt.Fprintln(p.w, sanitize.Line(c.OddWords()))
}

// discover shows a 2026 server/discover result, which opens that era as
// initialize opens the others.
func (p *printer) discover(result json.RawMessage) bool {
	var r struct {
		Supported    []json.RawMessage          `json:"supportedVersions"`
		Capabilities map[string]json.RawMessage `json:"capabilities"`
		Instructions string                     `json:"instructions"`
		Meta         map[string]json.RawMessage `json:"_meta"`
	}
	// A member of the wrong type (a version that is a number) leaves its
	// zero value and the rest is still read: the line shows what came.
	var typeErr *json.UnmarshalTypeError
	if err := json.Unmarshal(result, &r); err != nil && !errors.As(err, &typeErr) || r.Supported == nil {
		return false
	}
	if shape := mcp.DiscoverShape(result); shape != "" {
		// Said before the lines it makes odd, as for initialize.
		fmt.Fprintf(p.w, "warning: %s\n", sanitize.Line(shape))
	}
	var info struct{ Name, Version string }
	_ = json.Unmarshal(r.Meta[mcp.MetaServerInfo], &info)
	// A version that is not a string is shown as the server wrote it.
	supported := make([]string, len(r.Supported))
	for i, v := range r.Supported {
		if json.Unmarshal(v, &supported[i]) != nil {
			supported[i] = string(v)
		}
	}
	fmt.Fprintf(p.w, "server %s, protocol %s (stateless; supported: %s)\n", serverName(info.Name, info.Version),
		sanitize.Line(p.protocol), sanitize.Line(mcp.VersionList(supported)))
	p.capabilities(r.Capabilities)
	p.instructions(r.Instructions)
	return true
}

// serverName is a server's name and version for its line
// (mcp.ServerListed: cut, and escaped where the screen would hide some of
// it); a server that gave neither is said to have given none.
func serverName(name, version string) string {
	if s := mcp.ServerListed(name, version); s != "" {
		return sanitize.Line(s)
	}
	return "(no serverInfo)"
}

func (p *printer) capabilities(caps map[string]json.RawMessage) {
	names := slices.Sorted(maps.Keys(caps))
	// Each name cut and sanitized on its own, as the shape warning quotes
	// it: an escape sequence in one, sanitized with the whole line, ran
	// on over the names after it.
	for i, n := range names {
		names[i] = sanitize.Quoted(n, 64)
	}
	list := strings.Join(names, ", ")
	if list == "" {
		list = "(none)" // as the TUI says it: an empty line reads as missing output
	}
	fmt.Fprintf(p.w, "capabilities: %s\n", list)
}

func (p *printer) instructions(text string) {
	if text == "" {
		return
	}
	// Instructions can run to pages (they are written for a model); the
	// first line says what they are, the TUI shows them whole. On a
	// terminal that line is wrapped at its spaces, as a listing is: the
	// demo's, the first thing exec prints, was broken mid-word.
	const label = "instructions: "
	fmt.Fprintf(p.w, "%s%s\n", label, p.hanging(sanitize.Line(firstLine(text)), len(label)))
}

// firstLine is the first line of text (a description, instructions),
// trimmed, saying how many more lines it hides: one row of a listing
// shows it, and a reader knows when there is more to read in the TUI.
func firstLine(text string) string { return clip.Headline(text, 0) }

// setLevel says what logging/setLevel did: in 2026 there is no such
// request, and the level rides in every later request's _meta.
func (p *printer) setLevel(c command.Command, resp *mcp.Response) {
	if resp == nil {
		fmt.Fprintf(p.w, "log level %s: 2026-07-28 has no logging/setLevel; every later request carries io.modelcontextprotocol/logLevel %q in _meta\n", sanitize.Line(c.Target), sanitize.Line(c.Target))
		return
	}
	fmt.Fprintf(p.w, "log level set to %s\n", sanitize.Line(c.Target))
}

// resultInfo shows what a 2026 result says about itself; nothing for the
// older eras, whose results say none of it.
func (p *printer) resultInfo(result json.RawMessage) {
	info := command.ParseResultInfo(result)
	line := info.String()
	if !p.modern() {
		// The older eras have no resultType (a missing one is not
		// "complete" there); some servers send it and the cache hints
		// anyway: shown as written, saying whose fields they are, as
		// Detail does.
		if !info.Stated {
			_, line, _ = strings.Cut(line, " · ")
		}
		if line != "" {
			line += command.OlderFieldsNote(p.protocol)
		}
	}
	if line != "" {
		// One line, whatever resultType or cacheScope the server wrote.
		fmt.Fprintf(p.w, "%s\n", sanitize.Line(line))
	}
}

// listening shows a subscriptions/listen the server acknowledged: what it
// agreed to send on the stream, which stays open.
func (p *printer) listening(ack json.RawMessage) {
	notes, _ := mcp.ListenFilter(ack) // what cannot be read grants nothing
	var granted []string
	for _, k := range slices.Sorted(maps.Keys(notes)) {
		var on bool
		var uris []string
		switch {
		case json.Unmarshal(notes[k], &on) == nil && on:
			granted = append(granted, k)
		case json.Unmarshal(notes[k], &uris) == nil && len(uris) > 0:
			// A server's list: a few of them, each cut, make the line.
			granted = append(granted, k+" "+clip.ListFunc(uris, mcp.MaxListed, func(u string) string { return clip.Quote(u, 200) }))
		}
	}
	if len(granted) == 0 {
		fmt.Fprintln(p.w, "acknowledged, granting nothing: the server will send no notifications on this stream")
		return
	}
	fmt.Fprintf(p.w, "acknowledged: %s\n", sanitize.Line(strings.Join(granted, ", ")))
	fmt.Fprintln(p.w, "the stream stays open: its notifications print with the next answer (--linger waits for them)")
}
