// Plain JDBC: Statement.executeUpdate of a conditional claim over the ready daily files, count ignored, then the
// partner is told to fetch them whether or not this instance moved them.
package com.example.p005.pos06;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.springframework.web.client.RestTemplate;

public class FileShipper {

    private Connection conn;
    private RestTemplate rest;

    public void ship() throws SQLException {
        try (Statement st = conn.createStatement()) {
            st.executeUpdate("UPDATE export_file SET status = 'SHIPPING' WHERE status = 'READY' AND kind = 'DAILY'"); // expect: IDEM005
            rest.postForObject("https://partner.example.com/fetch", "DAILY", String.class);
        }
    }
}
