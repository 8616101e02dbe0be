package clip

import (
	"fmt"
	"strconv"
	"testing"
)

func TestList(t *testing.T) {
	tests := []struct {
		items []string
		most  int
		want  string
	}{
		{nil, 3, ""},
		{[]string{"a"}, 3, "a"},
		{[]string{"a", "b", "c"}, 3, "a, b, c"},
		{[]string{"a", "b", "c", "d", "e"}, 3, "a, b, c and 2 more"},
		{[]string{"a", "b"}, 0, "2 more"},
	}
	for _, tc := range tests {
		if got := List(tc.items, tc.most); got != tc.want {
			t.Errorf("List(%q, %d) = %q, want %q", tc.items, tc.most, got, tc.want)
		}
	}
}

// ListFunc words only the items it shows: a list of thousands costs the
// few on the line.
func TestListFuncWordsOnlyWhatItShows(t *testing.T) {
	calls := 0
	got := ListFunc([]int{1, 2, 3, 4000}, 2, func(n int) string { calls++; return "#" + strconv.Itoa(n) })
	if want := "#1, #2 and 2 more"; got != want || calls != 2 {
		t.Errorf("ListFunc = %q after %d calls, want %q after 2", got, calls, want)
	}
}

func ExampleCounted() {
	// The version in use is shown although it stands past the first few.
	fmt.Println(Counted([]string{"2025-03-26", "2025-06-18 ✓"}, 4990))
	// Output: 2025-03-26, 2025-06-18 ✓ and 4990 more
}
