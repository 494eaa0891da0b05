// This file holds only comments: a class that was removed.
/*
 * public class OnlyComments { }
 */
