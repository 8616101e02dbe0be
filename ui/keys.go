package ui

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
)

// KeyMap is the one keymap of the TUI. Every component matches against it
// with key.Matches, so help, remapping and disabling happen in one place.
type KeyMap struct {
	// Quit leaves the program (q, ctrl+c; only ctrl+c while typing).
	Quit key.Binding
	// Help toggles the overlay listing every key.
	Help key.Binding
	// NextPane and PrevPane move focus (or switch tabs on narrow terminals).
	NextPane key.Binding
	PrevPane key.Binding
	// Up, Down, PageUp, PageDown, Home and End scroll the focused pane.
	Up       key.Binding
	Down     key.Binding
	PageUp   key.Binding
	PageDown key.Binding
	Home     key.Binding
	End      key.Binding
	// Open shows the selected pair or event in the detail pane; Back
	// returns from it to the list it was opened from.
	Open key.Binding
	Back key.Binding
	// Initialize, ListTools and Call send the common requests; Command opens
	// the command line empty.
	Initialize key.Binding
	ListTools  key.Binding
	Call       key.Binding
	Command    key.Binding
	// CancelRequest cancels the selected pending request (its send, with
	// every round of its chain).
	CancelRequest key.Binding
	// Filter opens the raw events filter.
	Filter key.Binding
	// Reconnect opens a new stream (a new session on the legacy transport).
	Reconnect key.Binding
	// Redraw clears the terminal and draws the screen again, as ctrl+l
	// does in a shell, less or vim, for a screen something else wrote over.
	Redraw key.Binding
	// ToggleRaw switches the detail pane between pretty JSON and exact bytes.
	ToggleRaw key.Binding
	// Copy puts the detail pane's JSON on the clipboard (OSC 52).
	Copy key.Binding
	// Search finds text in the detail pane (the filter's key, while
	// Detail has the keys); NextMatch and PrevMatch go to the next and
	// previous line holding it.
	Search    key.Binding
	NextMatch key.Binding
	PrevMatch key.Binding
	// AskScrollUp and AskScrollDown scroll the box of a question the
	// server asks (a long form), while it has the keys. Only the page
	// keys: ctrl+b and ctrl+f move the cursor in its input.
	AskScrollUp   key.Binding
	AskScrollDown key.Binding
	// Complete, Submit, Cancel, HistoryPrev and HistoryNext drive the command
	// line; CompleteBack steps back through the candidates Tab listed.
	Complete     key.Binding
	CompleteBack key.Binding
	Submit       key.Binding
	Cancel       key.Binding
	HistoryPrev  key.Binding
	HistoryNext  key.Binding
	// NextClient and PrevClient show another client's session in a proxy.
	NextClient key.Binding
	PrevClient key.Binding
	// OpenOwn opens the user's own session to the proxy's server.
	OpenOwn key.Binding
	// PlayPause, Faster, Slower, Step, JumpStart and JumpEnd control a replay.
	PlayPause key.Binding
	Faster    key.Binding
	Slower    key.Binding
	Step      key.Binding
	JumpStart key.Binding
	JumpEnd   key.Binding
}

// typingQuit is the one key of Quit that quits while typing, where q is a
// letter.
const typingQuit = "ctrl+c"

// DefaultKeyMap returns the bindings mcpscope ships with.
func DefaultKeyMap() *KeyMap {
	b := func(help string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(keys[0], help))
	}
	k := &KeyMap{
		Quit:          b("quit", "q", typingQuit),
		Help:          b("help", "?"),
		NextPane:      b("next pane", "tab"),
		PrevPane:      b("previous pane", "shift+tab"),
		Up:            b("up", "up", "k"),
		Down:          b("down", "down", "j"),
		PageUp:        b("page up", "pgup", "ctrl+b"),
		PageDown:      b("page down", "pgdown", "ctrl+f"),
		Home:          b("top", "home"),
		End:           b("bottom", "end"),
		Open:          b("open in detail", "enter"),
		Back:          b("back to the list", "esc"),
		Initialize:    b("send initialize", "i"),
		ListTools:     b("send tools/list", "l"),
		Call:          b("call a tool", "c"),
		Command:       b("command line", ":"),
		Filter:        b("filter events", "/"),
		CancelRequest: b("cancel the selected request", "x"),
		Reconnect:     b("reconnect", "r"),
		Redraw:        b("redraw the screen", "ctrl+l"),
		ToggleRaw:     b("pretty/raw", "v"),
		Copy:          b("copy JSON", "y"),
		Search:        b("search", "/"),
		NextMatch:     b("next match", "n"),
		PrevMatch:     b("previous match", "N"),
		AskScrollUp:   b("scroll the question up", "pgup"),
		AskScrollDown: b("scroll the question down", "pgdown"),
		Complete:      b("complete", "tab"),
		CompleteBack:  b("previous candidate", "shift+tab"),
		Submit:        b("send", "enter"),
		Cancel:        b("cancel", "esc"),
		HistoryPrev:   b("earlier command", "up"),
		HistoryNext:   b("later command", "down"),
		NextClient:    b("next client", "]"),
		PrevClient:    b("previous client", "["),
		OpenOwn:       b("open your own session", "o"),
		PlayPause:     b("play/pause", " "),
		Faster:        b("faster", "+", "="),
		Slower:        b("slower", "-"),
		Step:          b("step one record", "."),
		JumpStart:     b("restart", "g"),
		JumpEnd:       b("jump to end", "G"),
	}
	// The space key has no visible name of its own.
	k.PlayPause.SetHelp("space", "play/pause")
	k.Up.SetHelp("↑/k", "up")
	k.Down.SetHelp("↓/j", "down")
	k.HistoryPrev.SetHelp("↑", "earlier command")
	k.HistoryNext.SetHelp("↓", "later command")
	k.PageUp.SetHelp("pgup", "page up")
	k.PageDown.SetHelp("pgdn", "page down")
	k.AskScrollDown.SetHelp("pgdn", "scroll the question down")
	return k
}

// keyAs is b named with desc, where a key does something of its own in
// one place (enter keeps a filter, esc there clears it): the key line and
// the help say what it does there.
func keyAs(b key.Binding, desc string) key.Binding {
	nb := key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(b.Help().Key, desc))
	nb.SetEnabled(b.Enabled())
	return nb
}

// eitherKey is one binding for two keys named together ("n/N"), as the
// help and the key line name a pair of keys that do one thing each way.
// Where a name already holds a "/" ("↑/k"), a space sets the two apart
// ("↑/k ↓/j"): "↑/k/↓/j" read as four keys of one.
func eitherKey(a, b key.Binding, desc string) key.Binding {
	apart := "/"
	if strings.Contains(a.Help().Key+b.Help().Key, "/") {
		apart = " "
	}
	nb := key.NewBinding(key.WithKeys(append(a.Keys(), b.Keys()...)...), key.WithHelp(a.Help().Key+apart+b.Help().Key, desc))
	nb.SetEnabled(a.Enabled())
	return nb
}
