// Downloading a blob only reads remote storage (BlobClient's effects are uploads, deletes and copies): reading it and then recording the item is no finding.
package com.example.neg28;

import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobClient;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class EnvelopeVerifyJob {

    private final BlobContainerClient source;
    private final EnvelopeMapper envelopes;

    public EnvelopeVerifyJob(BlobContainerClient source, EnvelopeMapper envelopes) {
        this.source = source;
        this.envelopes = envelopes;
    }

    @Scheduled(fixedDelay = 30_000)
    public void verify() {
        for (Envelope e : envelopes.selectCreated()) {
            BlobClient blob = source.getBlobClient(e.getFileName());
            byte[] data = blob.downloadContent().toBytes();
            envelopes.markVerified(e.getId(), data.length);
        }
    }
}

@Mapper
interface EnvelopeMapper {

    @Select("SELECT id, file_name FROM envelope WHERE status = 'CREATED'")
    List<Envelope> selectCreated();

    @Update("UPDATE envelope SET status = 'VERIFIED', size = #{size} WHERE id = #{id}")
    int markVerified(@Param("id") long id, @Param("size") int size);
}

class Envelope {
    private long id;
    private String fileName;

    public long getId() { return id; }
    public String getFileName() { return fileName; }
}
