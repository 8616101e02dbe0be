package mcp

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/sanitize"
)

// NameProblems says, for each of tools, why tools/call cannot be sure to
// reach it by its name, or "" when it can; nil when every name is fine. A
// server that lists two tools under one name, a tool with an empty name,
// one whose name is not UTF-8 (read as U+FFFD), or one whose name holds
// characters the screen hides or redraws (so it reads as another), is
// answered by a debugger that says so where the list is shown: a call names one tool,
// and which of the same name runs is the server's choice.
func NameProblems(tools []Tool) []string {
	counts := make(map[string]int, len(tools))
	for _, t := range tools {
		counts[t.Name]++
	}
	var out []string
	for i, t := range tools {
		if why := NameProblem(t.Name, counts[t.Name]); why != "" {
			if out == nil {
				out = make([]string, len(tools))
			}
			out[i] = why
		}
	}
	return out
}

// NameProblem is NameProblems' words for a tool whose name is given to
// same tools of the list (itself included), or "" when the name is fine.
func NameProblem(name string, same int) string {
	switch {
	case name == "":
		return "its name is empty: tools/call cannot name it"
	case strings.ContainsRune(name, utf8.RuneError):
		// A name JSON-encoded in bytes that are not UTF-8 reads so: a
		// call sends the character itself, not the server's bytes.
		return "its name holds U+FFFD, what bytes that are not UTF-8 read as: if the server sent such bytes, tools/call sends that character instead and names no tool"
	case same > 1:
		// The name last: a long one is what an 80-column line cuts, not
		// what the problem is.
		return fmt.Sprintf("tools/call cannot tell apart the %d tools named %s", same, quotedName(name))
	case hidesCharacters(name):
		// What the screen drops or redraws (a zero-width joiner, a bidi
		// mark, a control byte) makes "a\u200db" read as "ab", another
		// tool's name; only the escaped form tells the user which is which.
		return "its name holds characters a terminal does not show as they are: the server sent " + quotedName(name)
	}
	return ""
}

// NameListed is a tool's or prompt's name as a listing shows it (exec's
// lists and headings, the TUI's hints and candidates): NameShown, or, for
// a name holding characters the screen hides or redraws, its escaped form
// in quotes, so "a\u200db" beside "ab" does not read as a second "ab".
func NameListed(name string) string {
	if hidesCharacters(name) {
		return quotedName(name)
	}
	return NameShown(name)
}

// ServerListed is a server's serverInfo name and version as exec's
// heading, the TUI's Negotiation pane and the Markdown export show them,
// each as NameListed shows a tool's name: "h\u202eevil" in quotes and
// escaped, where the screen dropped the bidi override and showed "hevil",
// a name the server did not send. "" when it gave neither.
func ServerListed(name, version string) string {
	var parts []string
	for _, s := range []string{name, version} {
		if s = strings.TrimSpace(s); s != "" {
			parts = append(parts, NameListed(s))
		}
	}
	return strings.Join(parts, " ")
}

// URIListed is a resource's URI or template as exec's listing and Tab's
// list show it: whole, as the user copies it into resources/read, up to
// URILimit bytes; or, when it holds characters the screen hides or
// redraws, its escaped form in quotes, so "file:///a\u202egnp.exe" does
// not read as "file:///agnp.exe", a URI the server never listed.
func URIListed(uri string) string {
	if hidesCharacters(uri) {
		return quotedName(uri)
	}
	return clip.Quote(uri, URILimit)
}

// URILimit is the longest URI or template listed whole: past it no one
// copies it from a terminal (a template of 10,000 variables was one line
// of 69 KB), and the longest URLs browsers and servers take are of this
// size.
const URILimit = 8192

// hidesCharacters reports whether the screen would not show name as it is:
// the one sanitizer drops or redraws some of its characters.
func hidesCharacters(name string) bool { return sanitize.Line(name) != name }

// quotedName is name in Go quotes, which show its spaces and escapes, cut
// at NameLimit as NameShown cuts it, the size after the closing quote:
// inside them it read as part of the name.
func quotedName(name string) string {
	if len(name) <= NameLimit {
		return strconv.Quote(name)
	}
	return clip.WithSize(strconv.Quote(clip.Prefix(name, NameLimit)), len(name))
}
