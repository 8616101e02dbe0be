package command

import (
	"slices"
	"strings"

	"github.com/mcpscope/mcpscope/mcp"
)

// MeantMethod returns the method or short form a mistyped first word was
// most likely meant to be ("tool/list" → "tools/list", "tools/cal" →
// "tools/call"), or "" when word is one of them or none is close. Any
// method may still be sent on purpose: this only lets the edges ask. It
// knows the methods of every era (mcp.ClientMethods), whatever the
// session's: what was meant is asked after, and sending a method of
// another era says so (EraNote).
func MeantMethod(word string) string {
	var known []string
	for method := range mcp.ClientMethods() {
		known = append(known, method)
	}
	for alias := range cmdAliases {
		known = append(known, alias) // the methods they stand for are MCP's
	}
	slices.Sort(known) // map order must not pick between equally close words
	if slices.Contains(known, word) {
		return ""
	}
	return Nearest(word, known)
}

// Unsendable is the refusal of a method a session on transport cannot
// send as typed (mcp.MethodHeaderRefusal), naming the method it was most
// likely meant to be; nil when it can be sent.
func Unsendable(transport, method string) error {
	if e := mcp.MethodHeaderRefusal(transport, method); e != nil {
		e.Meant = MeantMethod(method)
		return e
	}
	return nil
}

// MethodTypo is what the edges say of a first word a letter or two off a
// method or short form mcpscope knows ("tool/list is not a method mcpscope
// knows: did you mean tools/list?"), or "" when it is known or nothing is
// that close: the server's "method not found" (or a bare 400) would not
// say what was meant.
func MethodTypo(word string) string {
	sug := MeantMethod(word)
	if sug == "" {
		return ""
	}
	return word + " is not a method mcpscope knows: did you mean " + sug + "?"
}

// Nearest returns the candidate a mistyped word was most likely meant to
// be: one edit away for a short word, two for a longer one, the first of
// equally close ones; else the one candidate the word begins, as a name
// typed short (Enter on "tools/call gre" when greet is the only tool
// starting so); "" when none is that close. It costs one row of a
// distance table per candidate at most, so a thousand tools are cheap.
func Nearest(word string, candidates []string) string {
	if best := nearestByEdits(word, candidates); best != "" {
		return best
	}
	return onlyPrefixed(word, candidates)
}

// onlyPrefixed is the one candidate that begins with word (two runes or
// more: one says too little), "" when none or several do.
func onlyPrefixed(word string, candidates []string) string {
	if len([]rune(word)) < 2 {
		return ""
	}
	only := ""
	for _, k := range candidates {
		if k != word && strings.HasPrefix(k, word) {
			if only != "" && only != k {
				return ""
			}
			only = k
		}
	}
	return only
}

func nearestByEdits(word string, candidates []string) string {
	best, bestD := "", 2
	if len([]rune(word)) < 6 {
		bestD = 1
	}
	for _, k := range candidates {
		if k == word {
			continue
		}
		d := editDistance(word, k, bestD)
		if d >= max(len([]rune(word)), len([]rune(k))) {
			continue // every rune changed: "c" is no slip of "a"
		}
		if d < bestD || (d == bestD && best == "") {
			best, bestD = k, d
		}
	}
	return best
}

// editDistance is the distance of a and b in runes, counting two adjacent
// runes typed the other way round as one edit ("exce" for "exec", "lsit"
// for "list": the commonest slip, which Levenshtein counts as two), or
// more than limit when it is past it (the rows stop early: no cell is less
// than the least of the row before it).
func editDistance(a, b string, limit int) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d > limit || -d > limit {
		return limit + 1
	}
	older := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		low := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], older[j-2]+1)
			}
			low = min(low, cur[j])
		}
		if low > limit {
			return limit + 1
		}
		older, prev, cur = prev, cur, older
	}
	return prev[len(rb)]
}
