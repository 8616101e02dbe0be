package command

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/mcpscope/mcpscope/internal/clip"
	"slices"
	"sort"
	"strings"

	"github.com/mcpscope/mcpscope/mcp"
)

// UsageError is a command line that could not be turned into a message;
// nothing was sent.
type UsageError struct {
	Err error
	// Also are the warnings the same words drew (a required key missing,
	// a tool not listed), said after the error as the TUI's "⚠ also:"
	// says them: fixing the error alone would still leave them.
	Also []ArgWarning
}

// Error is the mistake, as the parser said it.
func (e *UsageError) Error() string { return e.Err.Error() }

// Unwrap is the parser's error.
func (e *UsageError) Unwrap() error { return e.Err }

// Session is what a command needs from a live session; *mcp.Session has it.
type Session interface {
	InitializeWith(ctx context.Context, params json.RawMessage) (*mcp.Response, error)
	ListToolsFrom(ctx context.Context, cursor mcp.Cursor, all bool) ([]mcp.Tool, *mcp.Response, error)
	Tools() []mcp.Tool
	CallTool(ctx context.Context, name string, args json.RawMessage) (*mcp.Response, error)
	Request(ctx context.Context, method string, params json.RawMessage) (*mcp.Response, error)
	ListPages(ctx context.Context, method string, cursor mcp.Cursor, all bool) ([]*mcp.Response, error)
	Notify(ctx context.Context, method string, params json.RawMessage) error
	SetLogLevel(ctx context.Context, level string) (*mcp.Response, error)
	Subscribe(ctx context.Context, uri string) (*mcp.Response, error)
	Unsubscribe(ctx context.Context, uri string) (*mcp.Response, error)
	// Listen opens a 2026 subscriptions/listen stream and answers with
	// its acknowledgement; the stream stays open.
	Listen(ctx context.Context, params json.RawMessage) (*mcp.Response, error)
}

// Run runs one command line as exec and the TUI accept it. Schema warnings
// (and the template's and the prompt's) come back with the answer: they
// never stop a deliberate send. A list run with --all comes back as one
// answer holding the items of every page (its Raw, Seq and ReqSeq are the
// last page's). logging/setLevel answers nil in the 2026 era, which has no
// such request: the level goes in the _meta of every later request.
func Run(ctx context.Context, s Session, c Command) (*mcp.Response, []ArgWarning, error) {
	return run(ctx, s, c, nil)
}

// run runs c and, when c's words could not become a message, returns the
// usage error with the warnings in its Also, none beside it: nothing was
// sent, so they are not "sent anyway", and said in front of the error
// they hid the one line that says what to fix.
func run(ctx context.Context, s Session, c Command, cat *catalog) (*mcp.Response, []ArgWarning, error) {
	if cat == nil && c.Method == "prompts/get" {
		// Kept for this get, so that what it listed says whether the
		// quotes meant the name (quotedAsListed).
		cat = &catalog{}
	}
	r, warnings, err := runCommand(ctx, s, c, cat)
	said := c.Warnings
	if quotedAsListed(s, c, cat) {
		said = nil
	}
	// What the line was taken to mean comes first: the rest follows from it.
	warnings = append(slices.Clip(said), warnings...)
	if ue := (*UsageError)(nil); errors.As(err, &ue) {
		ue.Also = append(ue.Also, warnings...)
		return r, nil, err
	}
	return r, warnings, err
}

// runCommand is run, warnings and all.
func runCommand(ctx context.Context, s Session, c Command, cat *catalog) (*mcp.Response, []ArgWarning, error) {
	if c.Method == "tools/call" {
		return runCall(ctx, s, c)
	}
	if c.Params == nil {
		switch {
		case c.Method == "tools/list":
			cursor, err := listCursor(c)
			if err != nil {
				return nil, nil, err
			}
			tools, r, err := s.ListToolsFrom(ctx, cursor, c.All)
			if !c.All {
				// One page read: its answer already holds every tool
				// listed, so it is not parsed again to merge.
				return r, nil, err
			}
			return allTools(r, tools), nil, err
		case listMethods[c.Method]:
			return runList(ctx, s, c, cat)
		case c.Method == "prompts/get" && c.Target != "":
			return runPrompt(ctx, s, c, cat)
		case resourceMethods[c.Method] && c.Target != "":
			return runResource(ctx, s, c)
		case c.Method == "logging/setLevel" && c.Target != "":
			r, err := s.SetLogLevel(ctx, c.Target)
			return r, nil, err
		}
	}
	params := c.Params
	if params == nil && len(c.Words) > 0 {
		args, _, err := ParseArgs(c.Words, ParamsSchema(c.Method))
		if err != nil {
			return nil, nil, &UsageError{Err: err}
		}
		if params, err = args.MarshalJSON(); err != nil {
			return nil, nil, &UsageError{Err: err}
		}
	}
	switch c.Method {
	case "initialize":
		r, err := s.InitializeWith(ctx, params)
		return r, nil, err
	case mcp.ListenMethod:
		// A stream that stays open: answered by its acknowledgement, not
		// waited on until the request timeout.
		r, err := s.Listen(ctx, params)
		return r, nil, err
	}
	var warnings []ArgWarning
	typo := MethodTypo(c.Method)
	said, tool := toolAsMethod(ctx, s, c)
	if tool {
		// A tool's name is no typo of a method: the tool is what was meant.
		typo = ""
	}
	for _, w := range []string{typo, said} {
		if w != "" {
			// Short: said after the line went anyway, inside "(sent anyway: …)".
			warnings = append(warnings, ArgWarning{Message: w + " (sent as typed)", Short: w})
		}
	}
	var r *mcp.Response
	var err error
	if strings.HasPrefix(c.Method, "notifications/") {
		err = s.Notify(ctx, c.Method, params)
	} else {
		r, err = mcp.Checked(s.Request(ctx, c.Method, params))
	}
	var unsendable *mcp.MethodHeaderError
	if typo != "" && errors.As(err, &unsendable) {
		// Not sent after all: one line saying why and what was meant,
		// not a "sent as typed" warning the refusal contradicts.
		unsendable.Meant = MeantMethod(c.Method)
		return nil, nil, err
	}
	return r, warnings, err
}

// runCall coerces key=value words with the tool's schema, listing the tools
// first when none are known yet so types come out right.
func runCall(ctx context.Context, s Session, c Command) (*mcp.Response, []ArgWarning, error) {
	if AwaitsInitialize(s) {
		// The server would refuse the listing that types the arguments,
		// then the call: nothing goes on the wire, and the error says why.
		return nil, nil, notInitialized(c.Method)
	}
	tools := s.Tools()
	var listErr, stopped error
	if mcp.FindTool(tools, c.Tool) == nil {
		// Not known yet, or added since the last listing (mcp-add, a later
		// page): list once more so the arguments get their types.
		listed, _, err := s.ListToolsFrom(mcp.Automatic(ctx, "to type the arguments of tools/call "+c.Tool), mcp.Cursor{}, true)
		switch {
		case err == nil:
			tools = listed
		case mcp.PagesStopped(err):
			// The pages before the stop are the server's; the tool may
			// be on one never read.
			tools, stopped = listed, err
		case ctx.Err() != nil:
			// Given up on while listing (ctrl+c in exec): the call is
			// not sent after the user said stop.
			return nil, nil, err
		default:
			listErr = err
		}
	}
	var warnings []ArgWarning
	var schema *Schema
	if t := mcp.FindTool(tools, c.Tool); t != nil {
		if t.Invalid != "" {
			return nil, nil, &UsageError{Err: fmt.Errorf("tool %s cannot be called: %s (2026 clients must leave such tools out)", c.Tool, t.Invalid)}
		}
		sch, err := ParseSchema(t.InputSchema)
		switch {
		case err != nil:
			warnings = append(warnings, ArgWarning{Message: UnreadableSchema("the tool's inputSchema", err)})
		case sch.Truncated != "":
			warnings = append(warnings, ArgWarning{Message: "the tool's inputSchema was read only in part (" + sch.Truncated + "); values it does not type are sent as strings"})
		}
		schema = sch
	} else if listErr != nil && len(tools) == 0 {
		// "not in tools/list (none)" said the server has no tools, where
		// the listing failed and said nothing of them.
		warnings = append(warnings, ArgWarning{Message: fmt.Sprintf("tools/list failed (%s), so tool %q and its arguments could not be checked: values are sent as strings unless typed (key:=json); sending anyway", clip.Marked(clip.FirstLine(listErr.Error()), 200), clip.Quote(c.Tool, quotedValue)),
			Short: "tools/list failed: arguments not checked"})
	} else {
		names := toolNames(tools)
		known := knownTools(names)
		if stopped != nil {
			// "(none)" said the server has no such tool, where its
			// pages were read only until the listing stopped.
			known += "; the listing stopped early, so the tool may be on a page not read: " + clip.Marked(clip.FirstLine(stopped.Error()), 200)
		}
		// The names themselves, not the joined line split again: a name
		// may hold ", ", and with no tools "none" is no tool to suggest.
		// Quoted up to a bound: a name pasted wrong, 100 KB long, was a
		// 100 KB line.
		tool := clip.Quote(c.Tool, quotedValue)
		short := fmt.Sprintf("tool %q is not in tools/list", tool)
		if sug := Nearest(c.Tool, names); sug != "" {
			sug = mcp.NameShown(sug)
			known = "did you mean " + sug + "? known: " + known
			// Said after the send too: the name to type next time.
			short += ": did you mean " + sug + "?"
		}
		warnings = append(warnings, ArgWarning{Message: fmt.Sprintf("tool %q is not in tools/list (%s); sending anyway", tool, known),
			Short: short})
	}
	raw, w, err := CallArgs(c, schema)
	warnings = append(warnings, w...)
	if err != nil {
		return nil, warnings, &UsageError{Err: err}
	}
	r, err := mcp.Checked(s.CallTool(ctx, c.Tool, raw))
	return r, warnings, err
}

// notInitialized is the error of a method not sent because the session
// awaits initialize: its cause is mcp.CauseUninitialized, which the edges
// turn into what to press.
func notInitialized(method string) error {
	return &mcp.WireError{Cause: mcp.CauseUninitialized, Message: method + " not sent: the session is not initialized"}
}

// AwaitsInitialize says whether s is a session of the initialize era not
// initialized yet (exec sends nothing more once its initialize failed).
// A Session that cannot tell does not, so its calls go as they always
// did; a 2026 (stateless) session has no initialize.
func AwaitsInitialize(s Session) bool {
	awaits, _ := InitializeAwaited(s)
	return awaits
}

// InitializeAwaited is AwaitsInitialize of any backend, and known says
// whether s could tell at all (an mcp.Session can, once it has a
// transport; while detection runs it cannot say which era it is in): a
// caller with a lagging view of its own (the TUI's log) reads that only
// when not.
func InitializeAwaited(s any) (awaits, known bool) {
	i, ok := s.(interface {
		Initialized() bool
		Transport() string
	})
	if !ok {
		return false, false
	}
	tr := i.Transport()
	return tr != mcp.TransportStateless && !i.Initialized(), tr != ""
}

// toolNames are the names of tools, sorted.
func toolNames(tools []mcp.Tool) []string {
	names := make([]string, len(tools))
	for i, t := range tools {
		names[i] = t.Name
	}
	sort.Strings(names)
	return names
}

// knownToolsShown is how many tool names a warning of an unknown tool
// lists before counting the rest.
const knownToolsShown = 20

// knownTools lists names (sorted) for the warning of an unknown tool:
// each once, cut as names are shown, a few of them and how many more. A
// server listing 1,000 tools of one name, or a name of 10 KB, had the
// warning repeat them all; a nameless tool read as "()".
func knownTools(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	uniq := slices.Compact(slices.Clone(names))
	return clip.ListFunc(uniq, knownToolsShown, func(n string) string {
		if n == "" {
			return `""`
		}
		return mcp.NameShown(n)
	})
}

// Runner runs commands on a live session; with Reconnect from the embedded
// session it is what the TUI sends through. Made by NewRunner it keeps the
// prompts it has seen listed, so prompts/get checks its arguments without
// listing them again each time (a Runner literal lists them each time).
type Runner struct {
	*mcp.Session
	cat *catalog
}

// NewRunner returns a Runner on s that keeps what it has seen listed.
func NewRunner(s *mcp.Session) Runner { return Runner{Session: s, cat: &catalog{}} }

// Do runs c on the session (see Run).
func (r Runner) Do(ctx context.Context, c Command) (*mcp.Response, []ArgWarning, error) {
	return run(ctx, r.Session, c, r.cat)
}
