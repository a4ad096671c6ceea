#!/bin/sh
# Posts choosy-data's review of a pull request as one comment, or updates the one it posted
# before (found by the hidden marker its body starts with). Used by action.yml; runs the same
# in any CI (docs/ci.md).
#
# Environment:
#   CHOOSY_BASE              the pull request's base: a git revision (required)
#   CHOOSY_DATA              the choosy-data binary (default: choosy-data on the PATH)
#   CHOOSY_CATALOG           the catalog's directory in the checkout (default: .)
#   CHOOSY_FAIL_ON           breaking, feature or any: fail (exit 1) after posting when a
#                            change is at least that serious (default: never)
#   CHOOSY_REVIEW_DRY_RUN=1  print the comment body instead of posting it
#   GITHUB_TOKEN, GITHUB_REPOSITORY, CHOOSY_PR (the pull request's number): where to post,
#                            with the GitHub CLI (gh)
# Exit codes: those of `choosy-data review` (0, 1 with CHOOSY_FAIL_ON, 2 when no report was
# made and nothing was posted); 3 when posting fails.
set -eu

marker='<!-- choosy-data-review -->'
: "${CHOOSY_BASE:?set CHOOSY_BASE to the pull request base revision (such as origin/main or a commit)}"
binary=${CHOOSY_DATA:-choosy-data}
case $binary in
    /*) ;;
    */*) binary=$PWD/$binary ;;
esac
cd "${CHOOSY_CATALOG:-.}"

# A shallow checkout lacks the base commit: fetch it alone.
if ! git cat-file -e "$CHOOSY_BASE^{commit}" 2>/dev/null; then
    git fetch --no-tags --depth=1 origin "$CHOOSY_BASE" || {
        echo "cannot fetch the base revision $CHOOSY_BASE from origin; no comment posted" >&2
        exit 2
    }
fi

status=0
report=$("$binary" review "git:$CHOOSY_BASE" ${CHOOSY_FAIL_ON:+--fail-on "$CHOOSY_FAIL_ON"}) || status=$?
if [ "$status" -ge 2 ]; then
    echo "choosy-data review failed (exit $status); no comment posted" >&2
    exit "$status"
fi
body=$(printf '%s\n%s\n' "$marker" "$report")

if [ "${CHOOSY_REVIEW_DRY_RUN:-}" = 1 ]; then
    printf '%s\n' "$body"
    exit "$status"
fi

: "${GITHUB_TOKEN:?set GITHUB_TOKEN to a token that may comment on pull requests}"
: "${GITHUB_REPOSITORY:?set GITHUB_REPOSITORY to owner/name}"
: "${CHOOSY_PR:?set CHOOSY_PR to the pull request number}"
export GH_TOKEN="$GITHUB_TOKEN"
body_file=$(mktemp)
trap 'rm -f "$body_file"' EXIT
printf '%s\n' "$body" > "$body_file"
comments="repos/$GITHUB_REPOSITORY/issues/$CHOOSY_PR/comments"
# gh's own status, not a pipeline's: a listing that fails must not look like "no comment yet".
ids=$(gh api --paginate "$comments" --jq ".[] | select(.body | startswith(\"$marker\")) | .id") || exit 3
existing=$(printf '%s\n' "$ids" | head -n 1)
if [ -n "$existing" ]; then
    gh api --method PATCH "repos/$GITHUB_REPOSITORY/issues/comments/$existing" -F "body=@$body_file" > /dev/null || exit 3
    echo "updated the review comment $existing"
else
    gh api --method POST "$comments" -F "body=@$body_file" > /dev/null || exit 3
    echo "posted the review comment"
fi
exit "$status"
