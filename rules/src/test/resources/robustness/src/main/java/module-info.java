/** A module descriptor: no types, no methods. */
module com.acme.robust {
    requires java.sql;
    exports com.acme.robust.modern;
    opens com.acme.robust.lombok to lombok;
}
