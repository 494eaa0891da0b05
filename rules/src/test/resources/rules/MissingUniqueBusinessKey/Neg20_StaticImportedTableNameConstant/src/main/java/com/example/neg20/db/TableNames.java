package com.example.neg20.db;

public interface TableNames {
    String LEDGER = "t_ledger_entry";
}
