package com.example.noon.maintenance;

/** One row of {@code statement_file}: a monthly statement PDF kept in the file store. */
public class StatementFile {

    private Long id;
    private Long userId;
    private String fileKey;

    public Long getId() {
        return id;
    }

    public void setId(Long id) {
        this.id = id;
    }

    public Long getUserId() {
        return userId;
    }

    public void setUserId(Long userId) {
        this.userId = userId;
    }

    public String getFileKey() {
        return fileKey;
    }

    public void setFileKey(String fileKey) {
        this.fileKey = fileKey;
    }
}
