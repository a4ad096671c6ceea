/// Words a reader types for the same thing, kept in one place: the site's search reads a query
/// word of a group as any word of it ("compose" finds the action `post`, "Write a tweet";
/// "navigate" finds "Get directions"). A query word also belongs to a group when it starts with
/// one of its words of five letters or more ("composer", "directions"). Lowercase whole words.
enum SearchSynonyms {
    static let groups: [[String]] = [
        ["compose", "write", "post", "new", "create", "draft", "send"],
        ["navigate", "navigation", "directions", "route", "drive"],
        ["open", "show", "view", "display", "see"],
        ["search", "find", "lookup"],
        ["profile", "user", "account"],
        ["like", "favorite", "favourite", "heart"],
        ["retweet", "repost", "boost"],
        ["message", "dm", "chat"],
        ["email", "mail"],
        ["browse", "visit", "web", "website"],
        ["reply", "respond", "answer"],
        ["follow", "subscribe"],
        ["unfollow", "unsubscribe"],
        ["location", "place", "map"],
        ["timeline", "feed", "home"],
    ]
}
